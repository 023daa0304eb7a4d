package dev.hyson.internal.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hyson.internal.tape.Tape;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link RepeatedNames} against a {@code HashSet} per object: objects of 0 to 40 names (now and then
 * 300 or 700: past the table's limit), names of 1 to 100 bytes (up to 16, up to 64, longer; some as
 * Latin-1 decodings, as escaped names are), each object most often the last one's names again with a
 * change (one name replaced, by another or by one equal to it but for its last byte, a repeat put in,
 * names added or cut), on a few tables in turn (a table per place of a shape sees such runs).
 */
class RepeatedNamesTest {
    private static final String[] POOL = pool();

    private static String[] pool() {
        Random r = new Random(5);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            int n = i < 150 ? 1 + r.nextInt(16) : i < 300 ? 17 + r.nextInt(48) : 65 + r.nextInt(40);
            StringBuilder sb = new StringBuilder();
            for (int k = 0; k < n; k++) {
                sb.append((char) ('a' + r.nextInt(i < 40 ? 3 : 26))); // short ones from 3 letters: equal words often
            }
            names.add(sb.toString());
        }
        for (int i = 150; i < 400; i += 5) {
            // twins: the same length and first 16 bytes, another last byte
            String n = names.get(i);
            names.add(n.substring(0, n.length() - 1) + (n.charAt(n.length() - 1) == 'z' ? 'y' : 'z'));
        }
        names.add("caf\u00e9"); // 2-byte UTF-8
        names.add("x".repeat(16));
        names.add("x".repeat(17));
        return names.toArray(new String[0]);
    }

    @Test
    void agreesWithASetPerObject() {
        Random r = new Random(26);
        RepeatedNames[] tables = {new RepeatedNames(), new RepeatedNames(), new RepeatedNames()};
        List<List<String>> last = new ArrayList<>();
        for (int t = 0; t < tables.length; t++) {
            last.add(new ArrayList<>());
        }
        long id = 0;
        byte[] latin1 = new byte[4096];
        for (int object = 0; object < 20_000; object++) {
            int t = r.nextInt(tables.length);
            RepeatedNames names = tables[t];
            List<String> seq = next(r, last.get(t));
            names.begin(++id);
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < seq.size(); i++) {
                String name = seq.get(i);
                boolean want = seen.add(name);
                boolean got;
                if (r.nextInt(40) == 0 && name.chars().allMatch(c -> c < 256)) {
                    // a decoded (escaped) name: its Latin-1 chars at a place in the tape's side buffer
                    int from = r.nextInt(100);
                    byte[] l = name.getBytes(StandardCharsets.ISO_8859_1);
                    System.arraycopy(l, 0, latin1, from, l.length);
                    got = names.add(Tape.entry(Tape.STR_LATIN1, 0), ((long) from << 32) | l.length, new byte[0], 0, latin1, null);
                } else {
                    // a span of the input: the name's bytes somewhere in a larger array, now and then at its very end
                    byte[] u = name.getBytes(StandardCharsets.UTF_8);
                    int before = r.nextInt(20);
                    int after = r.nextInt(3) == 0 ? 0 : r.nextInt(20);
                    byte[] text = new byte[before + u.length + after];
                    for (int k = 0; k < text.length; k++) {
                        text[k] = (byte) ('A' + r.nextInt(26));
                    }
                    System.arraycopy(u, 0, text, before, u.length);
                    got = names.add(Tape.entry(u.length == name.length() ? Tape.STR_ASCII : Tape.STR_UTF8, 0), u.length,
                            text, before, null, null);
                }
                assertEquals(want, got, "object " + object + ", name " + i + " '" + name + "' of " + seq);
            }
            last.set(t, seq);
        }
    }

    /** The next object's names: mostly the last one's with a change, sometimes new. */
    private static List<String> next(Random r, List<String> last) {
        List<String> seq = new ArrayList<>(last);
        switch (r.nextInt(8)) {
            case 0: { // new names
                seq.clear();
                int n = r.nextInt(50) == 0 ? (r.nextBoolean() ? 300 : 700) : r.nextInt(40);
                for (int i = 0; i < n; i++) {
                    seq.add(POOL[r.nextInt(POOL.length)]);
                }
                break;
            }
            case 1: // one name replaced, often by its twin (when it has one: the same but for its last byte)
                if (!seq.isEmpty()) {
                    int at = r.nextInt(seq.size());
                    String was = seq.get(at);
                    String twin = was.substring(0, was.length() - 1) + (was.charAt(was.length() - 1) == 'z' ? 'y' : 'z');
                    seq.set(at, was.length() > 16 && r.nextBoolean() ? twin : POOL[r.nextInt(POOL.length)]);
                }
                break;
            case 2: // a repeat put in
                if (!seq.isEmpty()) {
                    seq.add(r.nextInt(seq.size() + 1), seq.get(r.nextInt(seq.size())));
                }
                break;
            case 3: // cut
                if (!seq.isEmpty()) {
                    seq.subList(r.nextInt(seq.size()), seq.size()).clear();
                }
                break;
            case 4: // names added
                for (int i = r.nextInt(5); i >= 0; i--) {
                    seq.add(POOL[r.nextInt(POOL.length)]);
                }
                break;
            default: // the same names
                break;
        }
        return seq;
    }
}
