package dev.hyson;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Every {@link CopyStructureTest} again with each stream scanned one window ahead ({@link JsonParserAheadTest}). */
class CopyStructureAheadTest extends CopyStructureTest {
    @BeforeAll
    static void ahead() {
        System.setProperty("hyson.scanAhead", "always");
    }

    @AfterAll
    static void back() {
        System.clearProperty("hyson.scanAhead");
    }
}
