# C tests, run by CTest: number conversion against the float vectors, the scanner against
# JSONTestSuite on every kernel, and a bounded fuzz run. Exit code 77 means "skipped".
if(NOT HYSON_TESTS)
  return()
endif()
enable_testing()

add_executable(test_number ${HYSON_NATIVE}/test/test_number.c)
target_link_libraries(test_number PRIVATE hyson_core)
add_test(NAME number_vectors COMMAND test_number "${HYSON_SHARED}")
set_tests_properties(number_vectors PROPERTIES SKIP_RETURN_CODE 77)

add_executable(test_scan ${HYSON_NATIVE}/test/test_scan.c)
target_link_libraries(test_scan PRIVATE hyson_core)
target_include_directories(test_scan PRIVATE ${HYSON_NATIVE}/src/generic)
add_test(NAME scan_conformance COMMAND test_scan "${HYSON_SHARED}")
set_tests_properties(scan_conformance PROPERTIES SKIP_RETURN_CODE 77)

# The scan timed with no JVM, beside benchmarks/simdjson-ref (not a test; see benchmarks/README.md)
add_executable(bench_scan ${HYSON_NATIVE}/test/bench_scan.c)
target_link_libraries(bench_scan PRIVATE hyson_core)

# The fuzz harness: with clang it is a libFuzzer target; with any compiler a standalone driver
# (the same harness fed by a seeded mutator) is built, so the test command always fuzzes.
set(HYSON_FUZZ_SECONDS 60 CACHE STRING "Seconds of fuzzing in the fuzz test (0: replay the seeds only)")
add_executable(fuzz_scan_driver ${HYSON_NATIVE}/test/fuzz_scan.c ${HYSON_NATIVE}/test/fuzz_driver.c)
target_link_libraries(fuzz_scan_driver PRIVATE hyson_core)
if(HYSON_FUZZ)
  # libFuzzer writes what it finds into the first folder; the shared seeds are only read
  file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/fuzz-corpus)
  add_executable(fuzz_scan ${HYSON_NATIVE}/test/fuzz_scan.c)
  target_link_options(fuzz_scan PRIVATE -fsanitize=fuzzer)
  target_link_libraries(fuzz_scan PRIVATE hyson_core)
  set(HYSON_FUZZ_SEEDS "")
  foreach(seeds conformance/jsontestsuite/test_parsing corpus/small)
    if(IS_DIRECTORY "${HYSON_SHARED}/${seeds}")
      list(APPEND HYSON_FUZZ_SEEDS "${HYSON_SHARED}/${seeds}")
    endif()
  endforeach()
  # libFuzzer reads -max_total_time=0 as "no limit": 0 seconds means replaying the seeds only
  if(HYSON_FUZZ_SECONDS EQUAL 0)
    set(HYSON_FUZZ_LIMIT -runs=0)
  else()
    set(HYSON_FUZZ_LIMIT -max_total_time=${HYSON_FUZZ_SECONDS})
  endif()
  add_test(NAME fuzz_scan COMMAND fuzz_scan ${HYSON_FUZZ_LIMIT} -max_len=4096 -timeout=10
           -dict=${HYSON_NATIVE}/test/json.dict ${CMAKE_BINARY_DIR}/fuzz-corpus ${HYSON_FUZZ_SEEDS})
else()
  add_test(NAME fuzz_scan COMMAND fuzz_scan_driver ${HYSON_FUZZ_SECONDS} "${HYSON_SHARED}")
endif()
