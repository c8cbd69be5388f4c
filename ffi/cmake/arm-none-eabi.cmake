# CMake toolchain file for bare-metal Cortex-M with arm-none-eabi-gcc (the GNU Arm toolchain,
# Debian gcc-arm-none-eabi):
#
#   cmake -B build -DCMAKE_TOOLCHAIN_FILE=/absolute/path/to/microurl/ffi/cmake/arm-none-eabi.cmake \
#         -DMICROURL_CPU=cortex-m4
#
# MICROURL_CPU is the -mcpu name (cortex-m0, cortex-m0plus, cortex-m3, cortex-m4, cortex-m7,
# cortex-m33); it becomes CMAKE_SYSTEM_PROCESSOR, from which microurl's CMake package picks
# the Rust target (thumbv6m-none-eabi, thumbv7m-none-eabi, thumbv7em-none-eabihf, ...). The
# M4/M7/M33 get the hard-float ABI, as Rust's *eabihf targets; a firmware that needs the
# soft-float ABI sets MICROURL_RUST_TARGET to thumbv7em-none-eabi and its own flags.
set(CMAKE_SYSTEM_NAME Generic)
if(NOT MICROURL_CPU)
  set(MICROURL_CPU cortex-m4)
endif()
set(CMAKE_SYSTEM_PROCESSOR ${MICROURL_CPU})
# try_compile projects read this file again: keep the CPU.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES MICROURL_CPU)

set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_CXX_COMPILER arm-none-eabi-g++)
set(CMAKE_ASM_COMPILER arm-none-eabi-gcc)
# No C library to link a test executable against: compiler checks build a static library.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(_fpu "-mfloat-abi=soft")
if(MICROURL_CPU MATCHES "^cortex-m(4|33)$")
  set(_fpu "-mfloat-abi=hard -mfpu=fpv4-sp-d16")
elseif(MICROURL_CPU STREQUAL "cortex-m7")
  set(_fpu "-mfloat-abi=hard -mfpu=fpv5-d16")
endif()
if(MICROURL_CPU STREQUAL "cortex-m33")
  set(_fpu "-mfloat-abi=hard -mfpu=fpv5-sp-d16")
endif()
set(CMAKE_C_FLAGS_INIT "-mcpu=${MICROURL_CPU} -mthumb ${_fpu} -ffunction-sections -fdata-sections")
set(CMAKE_CXX_FLAGS_INIT "${CMAKE_C_FLAGS_INIT}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-Wl,--gc-sections")

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
