# microurl's CMake helpers for the Rust target of the archive; ffi/CMakeLists.txt includes
# this file.

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
