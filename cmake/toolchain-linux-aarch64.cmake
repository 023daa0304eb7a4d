# Cross build for linux-aarch64 with Debian's cross compiler (packages gcc-aarch64-linux-gnu and
# libc6-dev-arm64-cross); the C tests run under user-mode QEMU (package qemu-user):
#   cmake -S native -B build/aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-linux-aarch64.cmake -DHYSON_JNI=OFF
#   cmake --build build/aarch64 -j2 && ctest --test-dir build/aarch64
# java/pom.xml uses it to put natives/linux-aarch64/libhyson.so beside the x86-64 one in the jar.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(HYSON_CROSS_PREFIX aarch64-linux-gnu-)
set(HYSON_CROSS_SYSROOT /usr/aarch64-linux-gnu)
set(CMAKE_C_COMPILER ${HYSON_CROSS_PREFIX}gcc)

# Libraries and headers come from the cross sysroot only; programs (cmake, python) from the host.
set(CMAKE_FIND_ROOT_PATH ${HYSON_CROSS_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# ctest (and add_test commands naming a target) run the test programs through this.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L ${HYSON_CROSS_SYSROOT})
