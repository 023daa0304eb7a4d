# Options and flags shared by every target of the C layer.
option(HYSON_JNI "Build the JNI library (needs the javac -h headers in HYSON_JNI_HEADERS)" ON)
option(HYSON_WERROR "Treat warnings as errors" OFF)
option(HYSON_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(HYSON_TESTS "Build the C tests (CTest)" ON)
option(HYSON_PROFILE_STAGES "Keep the scan's stages out of line, for profiles of bench_scan (slower)" OFF)
option(HYSON_FUZZ "Instrument for libFuzzer and build the libFuzzer target (clang only)" OFF)
set(HYSON_JNI_HEADERS "" CACHE PATH "Folder with dev_hyson_internal_scan_NativeScanner.h (javac -h)")
set(HYSON_JAVA_HOME "" CACHE PATH "The JDK whose include/jni.h to build against")
set(HYSON_SHARED "${CMAKE_CURRENT_SOURCE_DIR}/../../shared" CACHE PATH "The shared corpus and conformance folder")

if(NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)
  set(CMAKE_BUILD_TYPE Release CACHE STRING "" FORCE)
endif()

set(CMAKE_C_STANDARD 11)
set(CMAKE_C_STANDARD_REQUIRED ON)
set(CMAKE_C_EXTENSIONS ON) # gcc's target pragmas and __int128
set(CMAKE_POSITION_INDEPENDENT_CODE ON)
set(CMAKE_C_VISIBILITY_PRESET hidden)

# No -march: the library must run on any x86-64 (wider kernels are chosen at run time) and on any
# AArch64 (NEON is in the base architecture).
add_compile_options(-Wall -Wextra -fno-strict-aliasing)
if(HYSON_WERROR)
  add_compile_options(-Werror)
endif()
if(HYSON_PROFILE_STAGES)
  add_compile_definitions(HYSON_PROFILE_STAGES)
endif()
if(HYSON_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g)
  add_link_options(-fsanitize=address,undefined)
endif()

if(HYSON_FUZZ)
  if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "HYSON_FUZZ needs clang (libFuzzer)")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()

find_package(Threads REQUIRED)
