package dev.hyson;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * For a test class that runs its parent's tests again with every stream scanned ahead on a thread of its
 * own: sets {@code -Dhyson.scanAhead=always} before the class's tests (by default only streams of 16 MiB
 * or more are) and clears it after them. Use with {@code @ExtendWith(ScanAheadAlways.class)}.
 */
public final class ScanAheadAlways implements BeforeAllCallback, AfterAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
        System.setProperty("hyson.scanAhead", "always");
    }

    @Override
    public void afterAll(ExtensionContext context) {
        System.clearProperty("hyson.scanAhead");
    }
}
