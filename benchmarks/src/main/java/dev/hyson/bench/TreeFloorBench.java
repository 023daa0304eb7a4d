package dev.hyson.bench;

import dev.hyson.Json;
import dev.hyson.JsonReader;
import dev.hyson.internal.tree.MemberMaps;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The floor under every "parse to a tree" result: building the very tree {@link ParseBench} returns
 * for a document, with no parsing at all. The document is turned once (outside the measurement) into
 * a flat recipe in contiguous arrays: container sizes, member names (shared {@code String}
 * instances, as a key cache gives), all string values' bytes in one array, each number's bits. The benchmark replays it:
 * maps ({@link #maps}) and {@code ArrayList}s at their final sizes, one {@code new String(bytes, ...)}
 * per string value, {@code Long.valueOf}/{@code Double.valueOf} per number. Any parser that returns
 * this tree does at least this work, so a parse can be no faster than the scan-free time measured here;
 * comparing it with the fastest peer's parse in the same run says which speed-ups are possible at
 * all (benchmarks/README.md). Reported in documents per second, like ParseBench.
 *
 * <p>{@link #walk()} is the floor under the other direction (GenerateBench, MsgPackBench's
 * {@code pack}): reading every value of that tree, as any writer must (map entries through their
 * iterator, list elements by index, each string's length, each number's value), writing nothing.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--enable-native-access=ALL-UNNAMED"})
public class TreeFloorBench {
    /** Which corpus document's tree is built. */
    @Param({"twitter.json", "citm_catalog.json", "canada.json"})
    public String document;

    /**
     * Which maps {@code build} makes: {@code member} the {@code MemberMap}s hyson's parser returns
     * (members in one array, adopted whole at the close; no repeated-name check, which a parser
     * must also do), {@code linked} {@code LinkedHashMap}s (what Jackson, fastjson2, DSL-JSON and
     * Gson return). {@code walk} always reads the {@code LinkedHashMap} tree.
     */
    @Param({"member", "linked"})
    public String maps;

    private static final String MEMBER = "member";

    private static final int MAP = 0;
    private static final int LIST = 1;
    private static final int NAME = 2;
    private static final int STRING = 3;
    private static final int LATIN1 = 4;
    private static final int LONG = 5;
    private static final int DOUBLE = 6;
    private static final int OTHER = 7;

    /*
     * The recipe, in contiguous arrays as a parser's input is: an op per step, its int argument (a
     * size or a length), its long argument (a number's bits, or where a string's bytes start in
     * text), and the member names and literals by reference.
     */
    int[] ops;
    int[] ints;
    long[] longs;
    Object[] refs;
    byte[] text;
    int textSize;
    int steps;

    /** The parsed tree, for {@link #walk()}. */
    Object tree;

    /** Parses the document once and records the recipe. */
    @Setup(Level.Trial)
    public void setup() {
        tree = JsonReader.builder().linkedHashMaps(true).build().parse(Corpus.load(document));
        record(tree);
    }

    /** @return a sum over the tree's values, so that no read is dead code */
    @Benchmark
    public long walk() {
        return walk(tree);
    }

    private static long walk(Object v) {
        if (v == null) {
            return 1;
        }
        Class<?> c = v.getClass();
        if (c == String.class) {
            return ((String) v).length();
        } else if (c == Long.class) {
            return (Long) v;
        } else if (c == Double.class) {
            return Double.doubleToRawLongBits((Double) v);
        } else if (c == LinkedHashMap.class) {
            long sum = 0;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                sum += walk(e.getKey()) + walk(e.getValue());
            }
            return sum;
        } else if (c == ArrayList.class) {
            List<?> l = (List<?>) v;
            long sum = 0;
            for (int i = 0, n = l.size(); i < n; i++) {
                sum += walk(l.get(i));
            }
            return sum;
        }
        return 3; // Boolean
    }

    void record(Object tree) {
        ops = new int[1024];
        ints = new int[1024];
        longs = new long[1024];
        refs = new Object[1024];
        text = new byte[1024];
        textSize = 0;
        steps = 0;
        add(tree);
    }

    private void step(int op, int i, long l, Object o) {
        if (steps == ops.length) {
            ops = java.util.Arrays.copyOf(ops, steps * 2);
            ints = java.util.Arrays.copyOf(ints, steps * 2);
            longs = java.util.Arrays.copyOf(longs, steps * 2);
            refs = java.util.Arrays.copyOf(refs, steps * 2);
        }
        ops[steps] = op;
        ints[steps] = i;
        longs[steps] = l;
        refs[steps] = o;
        steps++;
    }

    private void add(Object v) {
        if (v instanceof Map) {
            Map<?, ?> m = (Map<?, ?>) v;
            step(MAP, m.size(), 0, null);
            for (Map.Entry<?, ?> e : m.entrySet()) {
                step(NAME, 0, 0, e.getKey()); // the very instance: names come from a cache
                add(e.getValue());
            }
        } else if (v instanceof List) {
            List<?> l = (List<?>) v;
            step(LIST, l.size(), 0, null);
            for (Object x : l) {
                add(x);
            }
        } else if (v instanceof String) {
            String s = (String) v;
            boolean latin1 = s.chars().allMatch(c -> c < 0x100);
            byte[] b = s.getBytes(latin1 ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
            if (textSize + b.length > text.length) {
                text = java.util.Arrays.copyOf(text, Math.max(text.length * 2, textSize + b.length));
            }
            System.arraycopy(b, 0, text, textSize, b.length);
            step(latin1 ? LATIN1 : STRING, b.length, textSize, null);
            textSize += b.length;
        } else if (v instanceof Long) {
            step(LONG, 0, (Long) v, null);
        } else if (v instanceof Double) {
            step(DOUBLE, 0, Double.doubleToRawLongBits((Double) v), null);
        } else {
            step(OTHER, 0, 0, v); // Boolean (shared instances) or null
        }
    }

    /** @return the rebuilt tree */
    @Benchmark
    @SuppressWarnings("unchecked")
    public Object build() {
        boolean member = MEMBER.equals(maps);
        MemberMaps.Access access = MEMBER_MAPS;
        Object[] containers = new Object[64];
        int[] left = new int[64];
        String[] names = new String[64];
        int depth = 0;
        for (int k = 0; k < steps; k++) {
            Object v;
            switch (ops[k]) {
                case MAP:
                case LIST: {
                    int n = ints[k];
                    Object c = ops[k] == LIST ? new ArrayList<Object>(n)
                            : member ? new Object[2 * n]
                            : new LinkedHashMap<String, Object>((int) Math.min(1 << 30, n * 4L / 3 + 1));
                    if (n > 0) {
                        depth++;
                        if (depth == containers.length) {
                            containers = java.util.Arrays.copyOf(containers, depth * 2);
                            left = java.util.Arrays.copyOf(left, depth * 2);
                            names = java.util.Arrays.copyOf(names, depth * 2);
                        }
                        containers[depth] = c;
                        left[depth] = n;
                        continue;
                    }
                    v = member && ops[k] == MAP ? access.adopt((Object[]) c, 0) : c;
                    break;
                }
                case NAME:
                    names[depth] = (String) refs[k];
                    continue;
                case LATIN1:
                    v = new String(text, (int) longs[k], ints[k], StandardCharsets.ISO_8859_1);
                    break;
                case STRING:
                    v = new String(text, (int) longs[k], ints[k], StandardCharsets.UTF_8);
                    break;
                case LONG:
                    v = Long.valueOf(longs[k]);
                    break;
                case DOUBLE:
                    v = Double.valueOf(Double.longBitsToDouble(longs[k]));
                    break;
                default:
                    v = refs[k];
            }
            // attach v, closing every container it completes (a MemberMap adopts its members then)
            for (;;) {
                if (depth == 0) {
                    return v;
                }
                Object c = containers[depth];
                int rest = --left[depth];
                if (c instanceof ArrayList) {
                    ((ArrayList<Object>) c).add(v);
                } else if (member) {
                    Object[] kv = (Object[]) c;
                    int p = (kv.length >> 1) - rest - 1;
                    kv[2 * p] = names[depth];
                    kv[2 * p + 1] = v;
                } else {
                    ((LinkedHashMap<String, Object>) c).put(names[depth], v);
                }
                if (rest > 0) {
                    break;
                }
                v = member && c instanceof Object[] ? access.adopt((Object[]) c, ((Object[]) c).length >> 1) : c;
                depth--;
            }
        }
        throw new IllegalStateException("recipe ended inside a container");
    }

    private static final MemberMaps.Access MEMBER_MAPS = MemberMaps.access();
}
