package dev.hyson.internal.names;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The writers' cache of encoded member names: two names per set, the latest two kept. */
class NameCacheTest {
    private static byte[] encoded(String name) {
        return ("\"" + name + "\":").getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aCachedNameIsFoundByAnyEqualString() {
        NameCache c = new NameCache();
        assertNull(c.get("id"));
        c.put("id", encoded("id"));
        assertArrayEquals(encoded("id"), c.get(new String("id".toCharArray())));
        NameCache.Entry e = c.entry("id");
        assertNotNull(e);
        assertEquals(5, e.length);
        // the two words hold the encoded bytes, little-endian, zero-padded
        assertEquals(0x3A22646922L, e.w0);
        assertEquals(0, e.w1);
        assertNull(c.get("ids"));
    }

    @Test
    void aSetKeepsItsTwoLatestNames() {
        // three names of one set
        List<String> same = new ArrayList<>();
        same.add("n0");
        for (int i = 1; same.size() < 3; i++) {
            if (NameCache.set("n" + i) == NameCache.set("n0")) {
                same.add("n" + i);
            }
        }
        NameCache d = new NameCache();
        d.put(same.get(0), encoded(same.get(0)));
        d.put(same.get(1), encoded(same.get(1)));
        assertNotNull(d.get(same.get(0)), "two names of a set are both kept");
        assertNotNull(d.get(same.get(1)));
        d.put(same.get(2), encoded(same.get(2)));
        assertNull(d.get(same.get(0)), "the oldest of three leaves");
        assertArrayEquals(encoded(same.get(1)), d.get(same.get(1)));
        assertArrayEquals(encoded(same.get(2)), d.get(same.get(2)));
        // putting a cached name again does not push the other name of its set out
        d.put(same.get(2), encoded(same.get(2)));
        assertNotNull(d.get(same.get(1)));
    }

    @Test
    void manySimilarNamesStayCached() {
        // citm_catalog.json's names are mostly numbers of nine digits: direct-mapped by String.hashCode,
        // 140 of its 321 shared a slot and missed on every write
        NameCache c = new NameCache();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 320; i++) {
            names.add(Integer.toString(138586341 + i * 37));
        }
        for (String n : names) {
            c.put(n, encoded(n));
        }
        int found = 0;
        for (String n : names) {
            byte[] b = c.get(n);
            if (b != null) {
                assertArrayEquals(encoded(n), b);
                found++;
            }
        }
        assertTrue(found >= 300, "names still cached: " + found + " of 320");
        assertSame(c.entry(names.get(319)), c.entry(names.get(319)));
    }
}
