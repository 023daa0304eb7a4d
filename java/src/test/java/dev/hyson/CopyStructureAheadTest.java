package dev.hyson;

import org.junit.jupiter.api.extension.ExtendWith;

/** Every {@link CopyStructureTest} again with each stream scanned one window ahead ({@link JsonParserAheadTest}). */
@ExtendWith(ScanAheadAlways.class)
class CopyStructureAheadTest extends CopyStructureTest {
}
