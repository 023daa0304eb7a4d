package dev.hyson.stream;

import dev.hyson.ScanAheadAlways;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every {@link LineWindowTest} again with each stream's lines read and scanned ahead on a thread of their
 * own ({@link AheadLines}, {@code -Dhyson.scanAhead=always}; by default only streams of 16 MiB or more
 * are): the same values, the same errors at the same lines and offsets.
 */
@ExtendWith(ScanAheadAlways.class)
class LineWindowAheadTest extends LineWindowTest {
}
