package dev.hyson.internal.names;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The key cache: right strings at every length and position, identity for repeats, bounded misses. */
class KeyCacheTest {
    @Test
    void lookup_everyLengthAndPosition_rightStringAndIdentity() {
        KeyCache cache = new KeyCache(12345);
        for (int len = 0; len <= 70; len++) {
            String name = "k\u00e9y_0123456789abcdefghijklmnopqrstuvwxyz_ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789".substring(0, len);
            byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
            int n = bytes.length;
            // the name in the middle of a larger array, and flush with the array's end (no room to over-read)
            byte[] middle = new byte[n + 40];
            System.arraycopy(bytes, 0, middle, 7, n);
            middle[7 + n] = 'X';
            byte[] atEnd = bytes.clone();
            boolean ascii = n == name.length();
            String a = cache.lookup(middle, 7, n, ascii);
            String b = cache.lookup(atEnd, 0, n, ascii);
            assertEquals(name, a, "length " + len);
            assertEquals(name, b, "length " + len);
            if (n <= KeyCache.MAX_KEY_LENGTH) {
                assertSame(a, b, "cached at length " + n);
            } else {
                assertNotSame(a, b, "not cached above the maximum: " + n);
            }
        }
    }

    @Test
    void lookup_namesDifferingOnlyPastTheirEnd_areDistinct() {
        KeyCache cache = new KeyCache(1);
        byte[] doc = "\"id\":1,\"idx\":2,\"id_str\":3".getBytes(StandardCharsets.US_ASCII);
        assertEquals("id", cache.lookup(doc, 1, 2, true));
        assertEquals("idx", cache.lookup(doc, 8, 3, true));
        assertEquals("id_s", cache.lookup(doc, 16, 4, true));
        assertSame(cache.lookup(doc, 1, 2, true), cache.lookup("id".getBytes(StandardCharsets.US_ASCII), 0, 2, true));
    }

    @Test
    void lookup_floodOfDistinctNames_staysCorrect() {
        KeyCache cache = new KeyCache(7);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 50_000; i++) {
            names.add("n" + i);
        }
        for (String n : names) {
            byte[] b = n.getBytes(StandardCharsets.US_ASCII);
            assertEquals(n, cache.lookup(b, 0, b.length, true));
        }
        for (String n : names) {
            byte[] b = n.getBytes(StandardCharsets.US_ASCII);
            assertEquals(n, cache.lookup(b, 0, b.length, true));
        }
    }
}
