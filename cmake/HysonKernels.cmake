# The scanner library. Each file in native/src/kernels compiles the generic scanner
# (native/src/generic/scan_impl.h) for one instruction set through a target pragma (x86) or the
# architecture's baseline (NEON on AArch64); dispatch.c picks the best one at load time. The kernel
# files are chosen here per CMAKE_SYSTEM_PROCESSOR (the target's, so a cross build with
# cmake/toolchain-linux-aarch64.cmake gets the AArch64 list). To add a kernel: a new file there, a
# line in the list of its architecture below, and a line in dispatch.c.
set(HYSON_NATIVE "${CMAKE_CURRENT_SOURCE_DIR}")
string(TOLOWER "${CMAKE_SYSTEM_PROCESSOR}" HYSON_PROCESSOR)
set(HYSON_KERNEL_SOURCES ${HYSON_NATIVE}/src/kernels/scalar.c)
if(HYSON_PROCESSOR MATCHES "^(x86_64|amd64)$")
  list(APPEND HYSON_KERNEL_SOURCES
    ${HYSON_NATIVE}/src/kernels/sse2.c
    ${HYSON_NATIVE}/src/kernels/avx2.c
    ${HYSON_NATIVE}/src/kernels/avx512.c)
elseif(HYSON_PROCESSOR MATCHES "^(aarch64|arm64)$")
  list(APPEND HYSON_KERNEL_SOURCES ${HYSON_NATIVE}/src/kernels/neon.c)
endif()

add_library(hyson_core STATIC
  ${HYSON_NATIVE}/src/dispatch.c
  ${HYSON_NATIVE}/src/calibrate.c
  ${HYSON_NATIVE}/src/lines.c
  ${HYSON_NATIVE}/src/line_count.c
  ${HYSON_NATIVE}/src/generic/tape.c
  ${HYSON_NATIVE}/src/generic/number.c
  ${HYSON_KERNEL_SOURCES})
target_include_directories(hyson_core PUBLIC ${HYSON_NATIVE}/include PRIVATE ${HYSON_NATIVE}/src/generic)
target_link_libraries(hyson_core PUBLIC Threads::Threads m)

if(HYSON_JNI)
  # Only jni.h and jni_md.h are needed (the JVM is the one loading us): take them from the JDK
  # that runs the build when given, else let CMake find one.
  if(HYSON_JAVA_HOME AND EXISTS "${HYSON_JAVA_HOME}/include/jni.h")
    file(GLOB HYSON_JNI_MD_DIRS LIST_DIRECTORIES true "${HYSON_JAVA_HOME}/include/*")
    set(JNI_INCLUDE_DIRS "${HYSON_JAVA_HOME}/include")
    foreach(dir ${HYSON_JNI_MD_DIRS})
      if(IS_DIRECTORY "${dir}")
        list(APPEND JNI_INCLUDE_DIRS "${dir}")
      endif()
    endforeach()
  else()
    find_package(JNI REQUIRED)
  endif()
  if(NOT EXISTS "${HYSON_JNI_HEADERS}/dev_hyson_internal_scan_NativeScanner.h")
    message(FATAL_ERROR "HYSON_JNI_HEADERS (${HYSON_JNI_HEADERS}) lacks the javac -h header for NativeScanner")
  endif()
  add_library(hyson SHARED ${HYSON_NATIVE}/src/jni/hyson_jni.c)
  target_include_directories(hyson PRIVATE ${JNI_INCLUDE_DIRS} ${HYSON_JNI_HEADERS})
  target_link_libraries(hyson PRIVATE hyson_core)
  target_link_options(hyson PRIVATE -Wl,--no-undefined -Wl,-z,noexecstack)
endif()
