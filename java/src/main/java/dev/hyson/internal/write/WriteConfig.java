package dev.hyson.internal.write;

import dev.hyson.bind.Binder;
import dev.hyson.internal.bind.Codecs;
import dev.hyson.internal.names.NameCache;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/** The writer options as the generator sees them; immutable, built by {@code JsonWriter.Builder}. */
public final class WriteConfig {
    /** Escape for each ASCII char: 0 none, 'u' as {@code \\u00XX}, otherwise the char after the backslash. */
    static final byte[] ESCAPES = new byte[128];
    static final byte[] SCRIPT_SAFE_ESCAPES;

    static {
        for (int c = 0; c < 0x20; c++) {
            ESCAPES[c] = 'u';
        }
        ESCAPES['"'] = '"';
        ESCAPES['\\'] = '\\';
        ESCAPES['\b'] = 'b';
        ESCAPES['\f'] = 'f';
        ESCAPES['\n'] = 'n';
        ESCAPES['\r'] = 'r';
        ESCAPES['\t'] = 't';
        ESCAPES[0x7F] = 0;
        SCRIPT_SAFE_ESCAPES = ESCAPES.clone();
        SCRIPT_SAFE_ESCAPES['/'] = '/';
    }

    private static final Function<Object, Object> NONE = v -> v;

    public final boolean pretty;
    public final int indent;
    public final boolean asciiOnly;
    public final boolean scriptSafe;
    public final boolean sortKeys;
    public final boolean allowNonFinite;
    public final int maxDepth;
    private final Map<Class<?>, Function<Object, Object>> encoders;
    /** The binder's codecs: how records, classes, enums with names and user codec types are written. */
    public final Codecs codecs;
    /** Whether the binder has user codecs (each value's class is then looked up among them). */
    final boolean userCodecs;
    /** Encoded member names (quotes and escapes included) for this writer's options. */
    final NameCache names = new NameCache();
    /**
     * A line feed then the indentation of the first {@link #NEWLINE_LEVELS} levels: pretty output
     * copies a prefix of it per line instead of writing its spaces one by one.
     */
    final byte[] newlineRun;
    static final int NEWLINE_LEVELS = 32;
    private final ConcurrentHashMap<Class<?>, Function<Object, Object>> resolved = new ConcurrentHashMap<>();

    public WriteConfig(boolean pretty, int indent, boolean asciiOnly, boolean scriptSafe, boolean sortKeys,
            boolean allowNonFinite, int maxDepth, Map<Class<?>, Function<Object, Object>> encoders) {
        this(pretty, indent, asciiOnly, scriptSafe, sortKeys, allowNonFinite, maxDepth, encoders, Codecs.of(Binder.defaults()));
    }

    /**
     * @param pretty whether to indent
     * @param indent spaces per level
     * @param asciiOnly whether to escape every non-ASCII character
     * @param scriptSafe whether to escape {@code /}, U+2028 and U+2029
     * @param sortKeys whether to sort map members
     * @param allowNonFinite whether NaN and infinities are written as literals
     * @param maxDepth the deepest nesting written
     * @param encoders the JsonEncoders per class
     * @param codecs the binder's codecs
     */
    public WriteConfig(boolean pretty, int indent, boolean asciiOnly, boolean scriptSafe, boolean sortKeys,
            boolean allowNonFinite, int maxDepth, Map<Class<?>, Function<Object, Object>> encoders, Codecs codecs) {
        this.codecs = codecs;
        this.userCodecs = codecs.binder().hasCodecs();
        this.pretty = pretty;
        this.indent = indent;
        this.newlineRun = new byte[1 + Math.max(indent, 0) * NEWLINE_LEVELS];
        java.util.Arrays.fill(newlineRun, (byte) ' ');
        newlineRun[0] = '\n';
        this.asciiOnly = asciiOnly;
        this.scriptSafe = scriptSafe;
        this.sortKeys = sortKeys;
        this.allowNonFinite = allowNonFinite;
        this.maxDepth = maxDepth;
        this.encoders = new LinkedHashMap<>(encoders);
        this.generated = codecs.binder().generatedCodecs() && !pretty && encoders.isEmpty();
        this.defaultEscapes = !asciiOnly && !scriptSafe;
    }

    /**
     * Whether records and classes may be written by their generated {@link ModelWriter}: the binder
     * allows it, and the output is compact with no {@code JsonEncoder} (which could stand in for a
     * nested value the generated code writes directly).
     */
    final boolean generated;
    /** Whether strings are escaped only as RFC 8259 requires (no asciiOnly, no scriptSafe). */
    final boolean defaultEscapes;

    boolean hasEncoders() {
        return !encoders.isEmpty();
    }

    /**
     * The encoder for values of class {@code c}: one registered for exactly {@code c}, otherwise the
     * first registered (in registration order) for a supertype or interface of it; null if none.
     */
    Function<Object, Object> encoderFor(Class<?> c) {
        Function<Object, Object> f = resolved.get(c);
        if (f == null) {
            f = encoders.get(c);
            if (f == null) {
                for (Map.Entry<Class<?>, Function<Object, Object>> e : encoders.entrySet()) {
                    if (e.getKey().isAssignableFrom(c)) {
                        f = e.getValue();
                        break;
                    }
                }
            }
            if (f == null) {
                f = NONE;
            }
            if (resolved.size() < 10_000) {
                resolved.put(c, f);
            }
        }
        return f == NONE ? null : f;
    }
}
