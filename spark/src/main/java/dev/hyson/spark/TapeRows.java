package dev.hyson.spark;

import static dev.hyson.spark.TapeSchema.*;

import dev.hyson.internal.tape.Tape;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.SpecificInternalRow;
import org.apache.spark.sql.catalyst.json.JSONOptions;
import org.apache.spark.sql.catalyst.json.JsonFilters;
import org.apache.spark.sql.catalyst.util.ArrayBasedMapData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Builds Spark rows straight from a hyson tape (one line's), following {@code JacksonParser}'s
 * conversions value by value, for the values where that conversion is exact and cheap. Anything
 * else (a line whose root is not an object, a number given as a string, a value that does not fit
 * its column, a date its formatter rejects, a type not listed below) makes {@link #row} return
 * null, and the caller hands the line to Spark's parser, which then gives Spark's answer, error or
 * partial row included.
 *
 * <p>On the fast path: string (UTF-8 bytes copied, no decoding), byte/short/int/long (JSON integers
 * in range), float and double (any JSON number, correctly rounded from its text as Jackson's
 * {@code getFloatValue}/{@code getDoubleValue}), decimal (the number's text, {@code Decimal(value,
 * precision, scale)}), boolean, date and timestamp (a non-empty string through the same
 * {@code DateFormatter}/{@code TimestampFormatter} Spark builds from the options; an integer for a
 * timestamp is seconds), binary (base64 with padding), null for any type, and arrays, maps with
 * string keys and structs of these.
 *
 * <p>Member names are matched on their UTF-8 bytes: each struct remembers, per member position, the
 * name bytes it last saw there and the field they resolved to (-1 for a member not requested), so a
 * line shaped like the previous one costs one byte comparison per member; a new name goes through a
 * hash table of the field names. Members that resolve to no requested field are skipped over their
 * tape entries without being decoded.
 *
 * <p>Rows: a partition reader's rows ({@code reuseRows}) are one {@code SpecificInternalRow} per
 * reader, filled again for each line, its numbers and booleans set unboxed, its strings without
 * escapes pointing into the input bytes (not copied): Spark's scan projects each row the reader gives
 * to an {@code UnsafeRow} before it asks for the next one, and the input moves on only then (a data
 * source's rows may be reused, as its built-in readers reuse theirs). Otherwise (an expression's
 * value, which Spark may keep) each row is a new {@code GenericInternalRow} of copied values.
 *
 * <p>Not thread-safe: one per partition reader.
 */
final class TapeRows {

    /** The sentinel a conversion returns when the line must go to Spark's parser. */
    static final Object MISS = new Object();


    /** Jackson's default {@code StreamReadConstraints.maxNameLength}, in chars; longer names go to Jackson. */
    private static final int MAX_NAME_BYTES = 50_000;

    /** What {@link #row} returns for a line whose pushed filters failed: no row (compared by identity). */
    static final InternalRow FILTERED = new GenericInternalRow(0);

    /** The row of a query that reads no column: immutable, shared. */
    private static final InternalRow EMPTY = new GenericInternalRow(0);

    private final Struct root;
    private final boolean supported;
    /** The pushed filters, evaluated as JacksonParser evaluates them, or null. */
    private final JsonFilters filters;
    /** Per root field: its index in the schema without the corrupt-record column (what the filters index). */
    private final int[] filterIndex;
    /** Whether every field's filter index is its own (no corrupt-record column, or it comes last). */
    private final boolean filterSharesRow;
    /** Per root field: whether a pushed filter reads it. */
    private final boolean[] filterField;
    /** Whether every field a filter reads is a scalar, so a line's filters can be decided on a prefix. */
    private final boolean prefixCapable;
    /**
     * Bytes from a line's '{' through the quote of the name after the member that decided the last
     * line's filters (the last filtered member of a kept line, the failing one of a dropped line); -1
     * when unknown or when that member was the line's last.
     */
    private int prefixBytes = -1;
    /** Dates and timestamps, through Spark's formatters made on first use. */
    private final TapeTimes times;
    /** The root row every line fills again, or null when each line gets a new one. */
    private final SpecificInternalRow reused;
    /** The filters' view of the root row when it is laid out differently ({@link #filterSharesRow} false), reused. */
    private final Object[] viewValues;
    private final GenericInternalRow viewRow;
    /** {@link #prefixFiltered}'s row of the filtered members, reused. */
    private final Object[] prefixValues;
    private final GenericInternalRow prefixRow;

    private long[] e;
    private byte[] in;
    private Tape tape;
    /** The index of the current line's first entry in {@link #tape}. */
    private int base;
    /** The entry after the value last converted. */
    private int pos;

    /**
     * @param schema the columns to build (the corrupt-record column, if any, included)
     * @param corruptColumn the corrupt-record column's name, left null in every row built, or null
     * @param json Spark's options (formats, time zone, locale)
     */
    TapeRows(StructType schema, String corruptColumn, JSONOptions json) {
        this(schema, corruptColumn, json, java.util.List.of(), false);
    }

    /**
     * @param schema the columns to build (the corrupt-record column, if any, included)
     * @param corruptColumn the corrupt-record column's name, left null in every row built, or null
     * @param json Spark's options (formats, time zone, locale)
     * @param pushed filters pushed into the parse: evaluated on the row as each member is set, as
     *     {@code JacksonParser} evaluates them ({@code JsonFilters}), the line dropped when one fails
     * @param reuseRows whether {@link #row} may return the same row object for every line (a partition
     *     reader's rows, which Spark copies before asking for the next), or must make a new one each time
     */
    TapeRows(StructType schema, String corruptColumn, JSONOptions json, java.util.List<Filter> pushed, boolean reuseRows) {
        this.root = new Struct(schema, corruptColumn);
        StructType actual = SparkRecords.actualSchema(schema, corruptColumn);
        this.filters = pushed.isEmpty() ? null
                : new JsonFilters(scala.jdk.javaapi.CollectionConverters.asScala(pushed).toList(), actual);
        this.filterIndex = new int[schema.length()];
        for (int i = 0, a = 0; i < schema.length(); i++) {
            filterIndex[i] = schema.fields()[i].name().equals(corruptColumn) ? -1 : a++;
        }
        boolean shares = true;
        for (int i = 0; i < filterIndex.length; i++) {
            shares &= filterIndex[i] == i || filterIndex[i] == -1 && i == filterIndex.length - 1;
        }
        this.filterSharesRow = shares;
        this.filterField = new boolean[schema.length()];
        boolean scalars = filters != null;
        for (Filter f : pushed) {
            for (String column : f.references()) {
                for (int i = 0; i < schema.length(); i++) {
                    if (schema.fields()[i].name().equals(column) && filterIndex[i] >= 0) {
                        filterField[i] = true;
                        int kind = root.convs[i].kind;
                        scalars &= kind >= K_STRING && kind <= K_BINARY;
                    }
                }
            }
        }
        this.prefixCapable = scalars;
        // singleVariantColumn: each whole line is one variant value, Spark's to build
        // an explicit encoding (UTF-8 is the only one the source takes) makes Spark decode lines as text,
        // which differs from its byte parser (a byte order mark, UTF-16 detection): every line is Spark's
        this.supported = supportedSchema(schema) && json.singleVariantColumn().isEmpty() && json.encoding().isEmpty();
        this.times = new TapeTimes(json);
        this.reused = reuseRows && root.width > 0 ? new SpecificInternalRow(schema) : null;
        this.viewValues = new Object[root.width];
        this.viewRow = new GenericInternalRow(viewValues);
        this.prefixValues = new Object[root.width];
        this.prefixRow = new GenericInternalRow(prefixValues);
    }

    /**
     * @return false when the schema has something the fast path never handles the way Spark does
     *     (column default values), so every line goes to Spark's parser
     */
    boolean supported() {
        return supported;
    }

    /**
     * Builds the row of one line from its tape.
     *
     * @param tape the tape holding the line's value, as the scanner wrote it over {@code input} (the
     *     line's own, or a batch's)
     * @param input the bytes the tape points into
     * @param entry the index of the line's first entry in the tape
     * @return the row, or null when the line must go to Spark's parser
     */
    InternalRow row(Tape tape, byte[] input, int entry) {
        this.tape = tape;
        this.e = tape.entries;
        this.in = input;
        this.base = entry;
        if (entry >= tape.size || Tape.tag(e[entry]) != Tape.OBJECT) {
            return null;
        }
        if (root.width == 0) {
            // count(*) and the like: the scan has validated the line and no member is read, but Jackson
            // rejects a member name past its limit even in a value it skips, so such a line is Spark's
            // (under DROPMALFORMED it has no row; it had one here: found by a count() comparison)
            return skip(entry) < 0 ? null : EMPTY;
        }
        if (filters != null) {
            return rootFiltered();
        }
        return rootRow();
    }

    /** @return the root row to fill: the reused one with every field null, or a new one */
    private InternalRow target() {
        SpecificInternalRow r = reused;
        if (r == null) {
            return new GenericInternalRow(root.width);
        }
        for (int f = 0, n = root.width; f < n; f++) {
            r.setNullAt(f);
        }
        return r;
    }

    /** The root struct without pushed filters: each requested member set into {@link #target()}. */
    private InternalRow rootRow() {
        Struct s = root;
        InternalRow row = target();
        int members = (int) e[base + 1];
        int p = base + 2;
        for (int m = 0; m < members; m++) {
            int f = member(s, m, p);
            if (f == NAME_FOR_SPARK) {
                return null;
            }
            p += 2;
            if (f < 0) {
                p = skip(p);
                if (p < 0) {
                    return null;
                }
                continue;
            }
            if (!set(row, f, s.convs[f], p)) {
                return null;
            }
            p = pos; // a repeated name: the last wins, as in Spark's convertObject
        }
        return row;
    }

    /**
     * Converts the value at entry {@code i} into field {@code f} of {@code row}: numbers and booleans set
     * unboxed, anything else as {@link #value} gives it. Leaves {@link #pos} after the value.
     *
     * @return false when the line is Spark's ({@link #MISS})
     */
    private boolean set(InternalRow row, int f, Conv c, int i) {
        int tag = Tape.tag(e[i]);
        switch (c.kind) {
            case K_DOUBLE:
                if (TapeScalars.isNumber(tag)) {
                    row.setDouble(f, TapeScalars.doubleValue(e, in, tag, i));
                    pos = i + 2;
                    return true;
                }
                break;
            case K_LONG:
                if (tag == Tape.INT64) {
                    row.setLong(f, e[i + 1]);
                    pos = i + 2;
                    return true;
                }
                break;
            case K_INT:
                if (tag == Tape.INT64 && e[i + 1] == (int) e[i + 1]) {
                    row.setInt(f, (int) e[i + 1]);
                    pos = i + 2;
                    return true;
                }
                break;
            case K_BOOLEAN:
                if (tag == Tape.TRUE || tag == Tape.FALSE) {
                    row.setBoolean(f, tag == Tape.TRUE);
                    pos = i + 1;
                    return true;
                }
                break;
            default:
                break;
        }
        Object v = value(c, i);
        if (v == MISS) {
            return false;
        }
        if (v == null) {
            row.setNullAt(f);
        } else {
            row.update(f, v);
        }
        return true;
    }

    private Object struct(Struct s, int i) {
        if (Tape.tag(e[i]) != Tape.OBJECT) {
            return MISS;
        }
        int members = (int) e[i + 1];
        int p = i + 2;
        Object[] values = new Object[s.width];
        for (int m = 0; m < members; m++) {
            int f = member(s, m, p);
            if (f == NAME_FOR_SPARK) {
                return MISS;
            }
            p += 2;
            if (f < 0) {
                p = skip(p);
                if (p < 0) {
                    return MISS;
                }
                continue;
            }
            Object v = value(s.convs[f], p);
            if (v == MISS) {
                return MISS;
            }
            values[f] = v; // a repeated name: the last wins, as in Spark's convertObject
            p = pos;
        }
        pos = p;
        return new GenericInternalRow(values);
    }

    /**
     * The root struct with pushed filters: {@code JacksonParser.convertObject}'s order, the filters
     * asked after each member is set (on a row laid out without the corrupt-record column), the
     * members after a failing one not read.
     */
    private InternalRow rootFiltered() {
        Struct s = root;
        int members = (int) e[base + 1];
        int p = base + 2;
        int decided = -1; // the entry after the last filtered member's value
        InternalRow row = target();
        InternalRow view = row;
        if (!filterSharesRow) {
            Arrays.fill(viewValues, null);
            view = viewRow;
        }
        filters.reset();
        for (int m = 0; m < members; m++) {
            int f = member(s, m, p);
            if (f == NAME_FOR_SPARK) {
                return null;
            }
            p += 2;
            if (f < 0) {
                p = skip(p);
                if (p < 0) {
                    return null;
                }
                continue;
            }
            if (!set(row, f, s.convs[f], p)) {
                return null;
            }
            int a = filterIndex[f];
            if (view != row) {
                set(view, a, s.convs[f], p); // the same conversion again, into the filters' layout
            }
            boolean skip;
            try {
                skip = filters.skipRow(view, a);
            } catch (AssertionError repeated) {
                // a repeated name counted twice against a filter: JacksonParser takes that error as a bad
                // record, so the line is Spark's to read
                return null;
            }
            if (filterField[f]) {
                decided = pos;
            }
            if (skip) {
                notePrefix(decided, m + 1 < members);
                return FILTERED;
            }
            p = pos;
        }
        notePrefix(decided, decided >= 0 && decided < p);
        return row;
    }

    /** Remembers where this line's filters were decided: the byte after the member, as a prefix length. */
    private void notePrefix(int entryAfter, boolean moreMembers) {
        if (!prefixCapable || entryAfter < 0 || !moreMembers || entryAfter >= tape.size) {
            prefixBytes = -1;
            return;
        }
        // the next member's name: its opening quote ends the prefix, so the value before it is whole
        prefixBytes = (int) (Tape.payload(e[entryAfter]) - Tape.payload(e[base])) + 1;
    }

    /**
     * @param lineLength the line's length in bytes
     * @return the prefix of the line to scan first, or -1 when the whole line is scanned at once
     *     (no pushed filter, a filter on a container column, or a prefix not much shorter than the line)
     */
    int prefixLength(int lineLength) {
        int n = prefixBytes;
        return n > 0 && n * 2 <= lineLength ? n : -1;
    }

    /**
     * Decides a line's pushed filters on an event tape of its prefix, as {@code JacksonParser} decides
     * them: the root members in order, each filtered member converted and the filters asked, the line
     * dropped at the first that fails (JacksonParser reads no further either). Anything else (a member
     * cut by the prefix's end, a value the fast path does not convert, a repeated name) leaves the line
     * undecided, for the whole-line path.
     *
     * @param events an in-place event tape (base 0) of the line's prefix, taken
     * @param input the bytes the tape points into
     * @return {@link #FILTERED}, or null when undecided
     */
    InternalRow prefixFiltered(Tape events, byte[] input) {
        this.tape = events;
        this.e = events.entries;
        this.in = input;
        this.base = 0;
        int size = events.size;
        if (size < 2 || Tape.tag(e[0]) != Tape.OBJECT) {
            return null;
        }
        Struct s = root;
        Arrays.fill(prefixValues, null);
        filters.reset();
        int p = 2;
        for (int m = 0;; m++) {
            if (p + 1 >= size) {
                return null; // the prefix ended before a filter failed
            }
            if (Tape.tag(e[p]) == Tape.END_OBJECT) {
                return null; // the whole object is in the prefix: the whole-line path reads it
            }
            int f = member(s, m, p);
            if (f == NAME_FOR_SPARK) {
                return null;
            }
            p += 2;
            if (p >= size) {
                return null;
            }
            if (f < 0 || !filterField[f]) {
                p = skipEvents(p, size);
                if (p < 0) {
                    return null;
                }
                continue;
            }
            int vtag = Tape.tag(e[p]);
            if (vtag == Tape.OBJECT || vtag == Tape.ARRAY || vtag == Tape.END_OBJECT || vtag == Tape.END_ARRAY) {
                return null;
            }
            int a = filterIndex[f];
            if (!set(prefixRow, a, s.convs[f], p)) {
                return null;
            }
            try {
                if (filters.skipRow(prefixRow, a)) {
                    return FILTERED;
                }
            } catch (AssertionError repeated) {
                return null;
            }
            p = pos;
        }
    }

    /** @return the entry after the value at {@code i} of an event tape, or -1 when the tape ends first */
    private int skipEvents(int i, int size) {
        int depth = 0;
        do {
            if (i >= size) {
                return -1;
            }
            int tag = Tape.tag(e[i]);
            if (tag == Tape.OBJECT || tag == Tape.ARRAY) {
                depth++;
                i += 2;
            } else if (tag == Tape.END_OBJECT || tag == Tape.END_ARRAY) {
                depth--;
                i += 1;
            } else if (tag >= Tape.STR_ASCII && tag <= Tape.STR_UTF16 && stringLength(i) > MAX_NAME_BYTES) {
                return -1;
            } else {
                i += (tag == Tape.TRUE || tag == Tape.FALSE || tag == Tape.NULL) ? 1 : 2;
            }
        } while (depth > 0);
        return i;
    }

    /** What {@link #member} returns for a name Jackson may refuse (past its length limit): the line is Spark's. */
    private static final int NAME_FOR_SPARK = -2;

    /**
     * Resolves member {@code m} of struct {@code s}, whose name is the string entry at {@code p}:
     * names without escapes on their bytes (by position, then the hash table), escaped names decoded.
     *
     * @return the field, -1 for a member not requested, or {@link #NAME_FOR_SPARK}
     */
    private int member(Struct s, int m, int p) {
        if (stringLength(p) > MAX_NAME_BYTES) {
            return NAME_FOR_SPARK;
        }
        long name = e[p];
        int tag = Tape.tag(name);
        if (tag == Tape.STR_ASCII || tag == Tape.STR_UTF8) {
            return s.field(m, in, (int) Tape.payload(name) + 1, (int) e[p + 1]);
        }
        Integer found = s.byName.get(string(p).toString());
        return found == null ? -1 : found;
    }

    /** @return the entry after the value at {@code i}, its nested values walked without decoding */
    private int skip(int i) {
        long pending = 1;
        while (pending > 0) {
            int tag = Tape.tag(e[i]);
            pending--;
            if (tag == Tape.OBJECT) {
                pending += 2 * e[i + 1];
            } else if (tag == Tape.ARRAY) {
                pending += e[i + 1];
            } else if (tag >= Tape.STR_ASCII && tag <= Tape.STR_UTF16 && stringLength(i) > MAX_NAME_BYTES) {
                return -1; // perhaps a member name past Jackson's limit, which it rejects even when skipping
            }
            i += (tag == Tape.TRUE || tag == Tape.FALSE || tag == Tape.NULL) ? 1 : 2;
        }
        return i;
    }

    /**
     * The length of the string at entry {@code i} in UTF-8 bytes, as Jackson counts a name against its
     * limit: exact for ASCII and UTF-8, at most for decoded strings (a Latin-1 char is at most 2
     * bytes, a UTF-16 unit at most 3), so a name near the limit goes to Jackson to decide.
     */
    private int stringLength(int i) {
        int tag = Tape.tag(e[i]);
        if (tag == Tape.STR_ASCII || tag == Tape.STR_UTF8) {
            return (int) e[i + 1];
        }
        long chars = e[i + 1] & Integer.MAX_VALUE;
        return (int) Math.min(Integer.MAX_VALUE, chars * (tag == Tape.STR_LATIN1 ? 2 : 3));
    }

    private Object value(Conv c, int i) {
        if (c.kind == K_OTHER) {
            return MISS; // even null: a VARIANT column holds a variant null, not SQL NULL
        }
        long entry = e[i];
        int tag = Tape.tag(entry);
        if (tag == Tape.NULL) {
            pos = i + 1;
            return null;
        }
        pos = (tag == Tape.TRUE || tag == Tape.FALSE) ? i + 1 : i + 2;
        switch (c.kind) {
            case K_STRING:
                return isString(tag) ? string(i) : MISS;
            case K_LONG:
                return tag == Tape.INT64 ? (Object) e[i + 1] : MISS;
            case K_INT: {
                if (tag != Tape.INT64) {
                    return MISS;
                }
                long v = e[i + 1];
                return v == (int) v ? (Object) (int) v : MISS;
            }
            case K_SHORT: {
                if (tag != Tape.INT64) {
                    return MISS;
                }
                long v = e[i + 1];
                return v == (short) v ? (Object) (short) v : MISS;
            }
            case K_BYTE: {
                if (tag != Tape.INT64) {
                    return MISS;
                }
                long v = e[i + 1];
                return v == (byte) v ? (Object) (byte) v : MISS;
            }
            case K_DOUBLE:
                return TapeScalars.toDouble(e, in, tag, i);
            case K_FLOAT:
                return TapeScalars.toFloat(e, in, tag, i);
            case K_DECIMAL:
                return TapeScalars.toDecimal(e, in, c.precision, c.scale, tag, i);
            case K_BOOLEAN:
                return tag == Tape.TRUE ? Boolean.TRUE : tag == Tape.FALSE ? (Object) Boolean.FALSE : MISS;
            case K_DATE:
                return isString(tag) ? times.date(javaString(i)) : MISS;
            case K_TIMESTAMP:
                if (tag == Tape.INT64) {
                    return e[i + 1] * 1_000_000L; // seconds, wrapping as Spark's Scala arithmetic does
                }
                return isString(tag) ? times.timestamp(javaString(i)) : MISS;
            case K_BINARY:
                return isString(tag) ? TapeScalars.toBinary(e, in, i) : MISS;
            case K_ARRAY:
                return array(c.element, tag, i);
            case K_MAP:
                return map(c.element, tag, i);
            case K_STRUCT:
                return struct(c.struct, i);
            case K_NULL:
                return (tag == Tape.OBJECT || tag == Tape.ARRAY) ? MISS : null;
            default:
                return MISS;
        }
    }

    private static boolean isString(int tag) {
        return tag >= Tape.STR_ASCII && tag <= Tape.STR_UTF16;
    }

    private Object array(Conv element, int tag, int i) {
        if (tag != Tape.ARRAY) {
            return MISS;
        }
        int n = (int) e[i + 1];
        Object[] values = new Object[n];
        int p = i + 2;
        for (int k = 0; k < n; k++) {
            Object v = value(element, p);
            if (v == MISS) {
                return MISS;
            }
            values[k] = v;
            p = pos;
        }
        pos = p;
        return new GenericArrayData(values);
    }

    private Object map(Conv valueConv, int tag, int i) {
        if (tag != Tape.OBJECT) {
            return MISS;
        }
        int n = (int) e[i + 1];
        Object[] keys = new Object[n];
        Object[] values = new Object[n];
        int p = i + 2;
        for (int k = 0; k < n; k++) {
            if (stringLength(p) > MAX_NAME_BYTES) {
                return MISS; // a key is a member name to Jackson: past its limit the line is Spark's
            }
            keys[k] = string(p);
            Object v = value(valueConv, p + 2);
            if (v == MISS) {
                return MISS;
            }
            values[k] = v; // repeated keys are all kept, as Spark's convertMap keeps them
            p = pos;
        }
        pos = p;
        return new ArrayBasedMapData(new GenericArrayData(keys), new GenericArrayData(values));
    }

    /** The string at entry {@code i} as a {@code UTF8String} of its own bytes. */
    private UTF8String string(int i) {
        long entry = e[i];
        long second = e[i + 1];
        switch (Tape.tag(entry)) {
            case Tape.STR_ASCII:
            case Tape.STR_UTF8: {
                int from = (int) Tape.payload(entry) + 1;
                if (reused != null) {
                    // a reader's row is projected before the input moves on: its strings may point into it
                    return UTF8String.fromAddress(in, Platform.BYTE_ARRAY_OFFSET + from, (int) second);
                }
                return UTF8String.fromBytes(Arrays.copyOfRange(in, from, from + (int) second));
            }
            case Tape.STR_LATIN1:
                return UTF8String.fromBytes(TapeScalars.latin1ToUtf8(tape.latin1, (int) (second >>> 32), (int) second));
            default: {
                int start = (int) (second >>> 32);
                int len = (int) second;
                // a lone surrogate becomes '?', as String.getBytes does in Spark's UTF8String.fromString
                return UTF8String.fromString(new String(tape.utf16, start, len));
            }
        }
    }

    private String javaString(int i) {
        return string(i).toString();
    }
}
