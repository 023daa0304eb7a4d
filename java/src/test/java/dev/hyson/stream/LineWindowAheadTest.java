package dev.hyson.stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Every {@link LineWindowTest} again with each stream's lines read and scanned ahead on a thread of their
 * own ({@link AheadLines}, {@code -Dhyson.scanAhead=always}; by default only streams of 16 MiB or more
 * are): the same values, the same errors at the same lines and offsets.
 */
class LineWindowAheadTest extends LineWindowTest {
    @BeforeAll
    static void ahead() {
        System.setProperty("hyson.scanAhead", "always");
    }

    @AfterAll
    static void back() {
        System.clearProperty("hyson.scanAhead");
    }
}
