# microurl's CMake helpers for the Rust target of the archive; ffi/CMakeLists.txt includes
# this file, and it is installed beside microurl-config.cmake, which includes it too.

# microurl_cpu_of(OUT C_FLAGS): the CPU named by `-mcpu=` (or else the architecture named by
# `-march=`) in C_FLAGS, without its `+ext` modifiers and `.small-multiply`; empty if none.
function(microurl_cpu_of out c_flags)
  set(cpu "")
  if(c_flags MATCHES "(^| )-mcpu=([^ ]+)")
    string(REGEX REPLACE "[+].*$" "" cpu "${CMAKE_MATCH_2}")
    string(REGEX REPLACE "\\.small-multiply$" "" cpu "${cpu}")
  elseif(c_flags MATCHES "(^| )-march=([^ ]+)")
    string(REGEX REPLACE "[+].*$" "" cpu "${CMAKE_MATCH_2}")
  endif()
  string(TOLOWER "${cpu}" cpu)
  set(${out} "${cpu}" PARENT_SCOPE)
endfunction()

# microurl_rust_target_of_cpu(OUT CPU C_FLAGS): the Rust target triple for a -mcpu name
# (cortex-m4) or an architecture (armv7e-m), hard-float (*eabihf) when C_FLAGS say
# -mfloat-abi=hard, which C and Rust objects must share; empty when the CPU is not known.
function(microurl_rust_target_of_cpu out cpu c_flags)
  string(TOLOWER "${cpu}" p)
  set(hf "")
  if(c_flags MATCHES "-mfloat-abi=hard")
    set(hf "hf")
  endif()
  set(t "")
  if(p MATCHES "^(cortex-m0|cortex-m0plus|cortex-m1|armv6-?m|armv6s-?m)$")
    set(t thumbv6m-none-eabi)
  elseif(p MATCHES "^(cortex-m3|armv7-?m)$")
    set(t thumbv7m-none-eabi)
  elseif(p MATCHES "^(cortex-m4|cortex-m7|armv7e-?m)$")
    set(t thumbv7em-none-eabi${hf})
  elseif(p MATCHES "^(cortex-m23|armv8-?m\\.base)$")
    set(t thumbv8m.base-none-eabi)
  elseif(p MATCHES "^(cortex-m33|cortex-m35p|cortex-m55|cortex-m85|armv8-?m\\.main|armv8\\.1-?m\\.main)$")
    set(t thumbv8m.main-none-eabi${hf})
  elseif(p MATCHES "^(riscv32|riscv32imc)$")
    set(t riscv32imc-unknown-none-elf)
  elseif(p MATCHES "^riscv32imac$")
    set(t riscv32imac-unknown-none-elf)
  endif()
  set(${out} "${t}" PARENT_SCOPE)
endfunction()

# microurl_rust_target(OUT PROCESSOR C_FLAGS): the Rust target triple of a cross build: from
# the `-mcpu=` (or `-march=`) of the C flags, which is what the C compiler builds for, else
# from CMAKE_SYSTEM_PROCESSOR when it is a -mcpu name (cortex-m4) or an architecture
# (armv7e-m); a toolchain file's generic `arm` says neither. Fails with a message naming
# MICROURL_RUST_TARGET when neither is known.
function(microurl_rust_target out processor c_flags)
  microurl_cpu_of(cpu "${c_flags}")
  set(t "")
  if(cpu)
    microurl_rust_target_of_cpu(t "${cpu}" "${c_flags}")
  endif()
  if(NOT t)
    microurl_rust_target_of_cpu(t "${processor}" "${c_flags}")
  endif()
  if(NOT t)
    message(FATAL_ERROR "microurl: no Rust target known for CMAKE_SYSTEM_PROCESSOR '${processor}' "
                        "with C flags '${c_flags}' (a -mcpu=cortex-m0 ... cortex-m33 picks one): "
                        "set MICROURL_RUST_TARGET (e.g. -DMICROURL_RUST_TARGET=thumbv7em-none-eabihf)")
  endif()
  set(${out} ${t} PARENT_SCOPE)
endfunction()

# microurl_abi_flags(OUT RUST_TARGET): the C compiler flags whose objects link with the
# archive of RUST_TARGET (a ;-list): the hard-float ABI and the FPU Rust's *eabihf target
# builds for, whose floating-point arguments go in VFP registers (GNU ld refuses to mix
# objects that pass them differently); nothing for the soft-float and host targets.
function(microurl_abi_flags out rust_target)
  set(f "")
  if(rust_target STREQUAL "thumbv7em-none-eabihf")
    set(f -mfloat-abi=hard -mfpu=fpv4-sp-d16)
  elseif(rust_target STREQUAL "thumbv8m.main-none-eabihf")
    set(f -mfloat-abi=hard -mfpu=fpv5-sp-d16)
  elseif(rust_target MATCHES "eabihf$")
    set(f -mfloat-abi=hard)
  endif()
  set(${out} "${f}" PARENT_SCOPE)
endfunction()

# microurl_check_consumer(RUST_TARGET C_FLAGS ABI_FLAGS_OUT): for a firmware whose C flags
# name a -mcpu= (or -march=), fails with a message when the archive of RUST_TARGET cannot be
# linked into it: instructions that CPU lacks (a thumbv7em archive for a cortex-m0), or the
# other float ABI (an *eabihf archive and -mfloat-abi=soft/softfp, or the reverse). Sets
# ABI_FLAGS_OUT to the flags the firmware's objects need (microurl_abi_flags), without the
# -mfpu= when C_FLAGS name one already: that FPU (a Cortex-M7's fpv5-d16) passes arguments as
# the archive's does, and a later -mfpu= would replace it.
function(microurl_check_consumer rust_target c_flags abi_out)
  microurl_abi_flags(abi "${rust_target}")
  if(c_flags MATCHES "(^| )-mfpu=")
    list(FILTER abi EXCLUDE REGEX "^-mfpu=")
  endif()
  set(${abi_out} "${abi}" PARENT_SCOPE)
  microurl_cpu_of(cpu "${c_flags}")
  if(NOT cpu OR NOT rust_target MATCHES "^thumb")
    return()
  endif()
  # The consumer's architecture, and the archives' it can run.
  microurl_rust_target_of_cpu(own "${cpu}" "")
  string(REGEX REPLACE "-none-eabi(hf)?$" "" arch "${rust_target}")
  set(ok "")
  if(own MATCHES "^thumbv6m")
    set(ok thumbv6m)
  elseif(own MATCHES "^thumbv7m")
    set(ok thumbv6m thumbv7m)
  elseif(own MATCHES "^thumbv7em")
    set(ok thumbv6m thumbv7m thumbv7em)
  elseif(own MATCHES "^thumbv8m\\.base")
    set(ok thumbv6m thumbv8m.base)
  elseif(own MATCHES "^thumbv8m\\.main")
    set(ok thumbv6m thumbv7m thumbv8m.base thumbv8m.main)
  endif()
  # What the package would build for this firmware: the target a message suggests.
  microurl_rust_target_of_cpu(want "${cpu}" "${c_flags}")
  set(hint "install a package built for it (-DMICROURL_RUST_TARGET=${want}, or the -mcpu= of the firmware's toolchain)")
  # (list(FIND), not IN_LIST: a consumer's old cmake_minimum_required leaves IN_LIST off.)
  list(FIND ok "${arch}" served)
  if(own AND served EQUAL -1)
    message(FATAL_ERROR "microurl: the archive is built for ${rust_target}, whose instructions "
                        "a -mcpu=${cpu} firmware cannot run: ${hint}")
  endif()
  if(rust_target MATCHES "eabihf$" AND c_flags MATCHES "-mfloat-abi=(soft|softfp)")
    message(FATAL_ERROR "microurl: the archive is built for ${rust_target} (hard-float ABI), the "
                        "firmware's C flags say ${CMAKE_MATCH_0}, and GNU ld does not link the two: ${hint}")
  endif()
  if(NOT rust_target MATCHES "eabihf$" AND c_flags MATCHES "-mfloat-abi=hard")
    message(FATAL_ERROR "microurl: the archive is built for ${rust_target} (soft-float ABI), the "
                        "firmware's C flags say -mfloat-abi=hard, and GNU ld does not link the two: ${hint}")
  endif()
endfunction()
