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

# The fuzz harnesses, one per C entry point (native/README.md, "Fuzzing"): with clang each is a
# libFuzzer target; with any compiler a standalone driver (the same harness fed by a seeded mutator) is
# built, so the fuzz tests always fuzz. HYSON_FUZZ_SECONDS is the total, divided among the harnesses
# (below) unless HYSON_FUZZ_SECONDS_<HARNESS> says otherwise. Every harness also replays its regression corpus, native/test/fuzz-regress/<harness>/,
# in a test of its own (fuzz_regress_<harness>).
set(HYSON_FUZZ_SECONDS 60 CACHE STRING "Seconds of fuzzing in all fuzz tests together (0: replay the seeds only)")
set(HYSON_FUZZ_HARNESSES scan window inplace lines number)
set(HYSON_FUZZ_REGRESS ${HYSON_NATIVE}/test/fuzz-regress)
set(HYSON_FUZZ_SEEDS "")
foreach(seeds conformance/jsontestsuite/test_parsing corpus/small)
  if(IS_DIRECTORY "${HYSON_SHARED}/${seeds}")
    list(APPEND HYSON_FUZZ_SEEDS "${HYSON_SHARED}/${seeds}")
  endif()
endforeach()
foreach(h ${HYSON_FUZZ_HARNESSES})
  string(TOUPPER ${h} H)
  # 28% and 14% x 4: the rest pays for the five start-ups (calibration, seed loading) and the replays,
  # so the fuzz and replay tests together take about HYSON_FUZZ_SECONDS, as the single harness did
  if(h STREQUAL "scan")
    math(EXPR share "${HYSON_FUZZ_SECONDS} * 28 / 100")
  else()
    math(EXPR share "${HYSON_FUZZ_SECONDS} * 14 / 100")
  endif()
  set(HYSON_FUZZ_SECONDS_${H} "" CACHE STRING "Seconds of fuzzing in fuzz_${h} (empty: its share of HYSON_FUZZ_SECONDS)")
  if(NOT HYSON_FUZZ_SECONDS_${H} STREQUAL "")
    set(share ${HYSON_FUZZ_SECONDS_${H}})
  endif()
  if(HYSON_FUZZ_SECONDS GREATER 0 AND share EQUAL 0)
    set(share 1)
  endif()
  set(regress ${HYSON_FUZZ_REGRESS}/${h})
  add_executable(fuzz_${h}_driver ${HYSON_NATIVE}/test/fuzz_${h}.c ${HYSON_NATIVE}/test/fuzz_driver.c)
  target_link_libraries(fuzz_${h}_driver PRIVATE hyson_core)
  if(HYSON_FUZZ)
    # libFuzzer writes what it finds into the first folder; the seeds and the regression corpus are only read
    file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/fuzz-corpus/${h})
    add_executable(fuzz_${h} ${HYSON_NATIVE}/test/fuzz_${h}.c)
    target_link_options(fuzz_${h} PRIVATE -fsanitize=fuzzer)
    target_link_libraries(fuzz_${h} PRIVATE hyson_core)
    # libFuzzer reads -max_total_time=0 as "no limit": 0 seconds means replaying the seeds only
    if(share EQUAL 0)
      set(limit -runs=0)
    else()
      set(limit -max_total_time=${share})
    endif()
    add_test(NAME fuzz_${h} COMMAND fuzz_${h} ${limit} -max_len=4096 -timeout=10 -dict=${HYSON_NATIVE}/test/json.dict
             ${CMAKE_BINARY_DIR}/fuzz-corpus/${h} ${regress} ${HYSON_FUZZ_SEEDS})
    add_test(NAME fuzz_regress_${h} COMMAND fuzz_${h} -runs=0 ${regress})
  else()
    add_test(NAME fuzz_${h} COMMAND fuzz_${h}_driver ${share} "${HYSON_SHARED}" ${regress})
    add_test(NAME fuzz_regress_${h} COMMAND fuzz_${h}_driver 0 - ${regress})
  endif()
endforeach()
