package dev.hyson.spark;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.NullType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampType;

/**
 * The schema side of {@link TapeRows}: how each requested column converts (a kind per Spark type, the
 * {@code K_*} constants, with {@link Conv} trees for arrays, maps and structs) and how a struct finds
 * the field of a member name ({@link Struct}: a hash table of the field names and a per-position
 * cache of the name last seen there). Immutable once built but for the name caches; not thread-safe,
 * as TapeRows is not.
 */
final class TapeSchema {
    static final java.lang.invoke.VarHandle LONG_LE = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class,
            java.nio.ByteOrder.LITTLE_ENDIAN);

    static final int K_STRING = 1;
    static final int K_LONG = 2;
    static final int K_INT = 3;
    static final int K_SHORT = 4;
    static final int K_BYTE = 5;
    static final int K_DOUBLE = 6;
    static final int K_FLOAT = 7;
    static final int K_DECIMAL = 8;
    static final int K_BOOLEAN = 9;
    static final int K_DATE = 10;
    static final int K_TIMESTAMP = 11;
    static final int K_BINARY = 12;
    static final int K_ARRAY = 13;
    static final int K_MAP = 14;
    static final int K_STRUCT = 15;
    static final int K_NULL = 16;
    /** A type the fast path does not convert: any non-null value sends the line to Spark. */
    static final int K_OTHER = 17;

    /** How one value of a column converts. */
    static final class Conv {
        final int kind;
        final int precision;
        final int scale;
        final Conv element;
        final Struct struct;

        Conv(int kind, int precision, int scale, Conv element, Struct struct) {
            this.kind = kind;
            this.precision = precision;
            this.scale = scale;
            this.element = element;
            this.struct = struct;
        }
    }

    /** A struct's fields, its name table and its per-position name cache. */
    static final class Struct {
        final int width;
        final Conv[] convs;
        final byte[][] names;
        final int[] table;
        final int mask;
        final Map<String, Integer> byName = new HashMap<>();
        /** Per member position: the name last seen there (its first 16 bytes as two words, its length), its field. */
        byte[][] seenName = new byte[8][];
        long[] seenLow = new long[8];
        long[] seenHigh = new long[8];
        int[] seenLength = new int[8];
        int[] seenField = new int[8];

        Struct(StructType type, String skip) {
            StructField[] fields = type.fields();
            width = fields.length;
            convs = new Conv[width];
            names = new byte[width][];
            int size = Integer.highestOneBit(Math.max(4, width * 3)) << 1;
            table = new int[size];
            Arrays.fill(table, -1);
            Arrays.fill(seenLength, -1);
            mask = size - 1;
            for (int i = 0; i < width; i++) {
                StructField f = fields[i];
                if (skip != null && f.name().equals(skip)) {
                    continue; // the corrupt-record column: filled by the caller, never from the record
                }
                convs[i] = conv(f.dataType());
                names[i] = f.name().getBytes(StandardCharsets.UTF_8);
                byName.put(f.name(), i); // Spark's getFieldIndex: the last of equal names
                int slot = hash(names[i], 0, names[i].length) & mask;
                while (table[slot] >= 0 && !Arrays.equals(names[table[slot]], names[i])) {
                    slot = (slot + 1) & mask;
                }
                table[slot] = i;
            }
        }

        int find(byte[] b, int off, int len) {
            int slot = hash(b, off, len) & mask;
            for (int f; (f = table[slot]) >= 0; slot = (slot + 1) & mask) {
                byte[] n = names[f];
                if (n.length == len && Arrays.equals(n, 0, len, b, off, off + len)) {
                    return f;
                }
            }
            return -1;
        }

        /** The field of member {@code m} whose name is {@code b[off, off+len)}, or -1. */
        int field(int m, byte[] b, int off, int len) {
            if (m < seenField.length) {
                if (len == seenLength[m]) {
                    if (len <= 16 && off + 16 <= b.length) {
                        // two words compared, no hash: the name is where the line before had it
                        long mask = len >= 8 ? -1L : (1L << (len << 3)) - 1;
                        long highMask = len >= 16 ? -1L : len <= 8 ? 0L : (1L << ((len - 8) << 3)) - 1;
                        if (((long) LONG_LE.get(b, off) & mask) == seenLow[m]
                                && ((long) LONG_LE.get(b, off + 8) & highMask) == seenHigh[m]) {
                            return seenField[m];
                        }
                    } else {
                        byte[] n = seenName[m];
                        if (n != null && Arrays.equals(n, 0, len, b, off, off + len)) {
                            return seenField[m];
                        }
                    }
                }
            } else if (m < 4096) {
                int grow = Math.max(m + 1, seenField.length * 2);
                seenName = Arrays.copyOf(seenName, grow);
                seenLow = Arrays.copyOf(seenLow, grow);
                seenHigh = Arrays.copyOf(seenHigh, grow);
                int old = seenLength.length;
                seenLength = Arrays.copyOf(seenLength, grow);
                Arrays.fill(seenLength, old, grow, -1);
                seenField = Arrays.copyOf(seenField, grow);
            }
            int f = find(b, off, len);
            if (m < seenField.length) {
                byte[] n = Arrays.copyOfRange(b, off, off + len);
                byte[] padded = Arrays.copyOf(n, 16);
                seenName[m] = n;
                seenLow[m] = (long) LONG_LE.get(padded, 0);
                seenHigh[m] = (long) LONG_LE.get(padded, 8);
                seenLength[m] = len;
                seenField[m] = f;
            }
            return f;
        }

        private static int hash(byte[] b, int off, int len) {
            int h = len;
            for (int i = off, end = off + len; i < end; i++) {
                h = h * 31 + b[i];
            }
            return h ^ (h >>> 15);
        }
    }

    static boolean supportedSchema(StructType schema) {
        for (StructField f : schema.fields()) {
            if (f.metadata().contains("EXISTS_DEFAULT") || f.metadata().contains("CURRENT_DEFAULT")) {
                return false;
            }
        }
        return true;
    }

    static Conv conv(DataType t) {
        if (t == DataTypes.StringType) {
            return new Conv(K_STRING, 0, 0, null, null); // collated strings, char, varchar: K_OTHER
        } else if (t instanceof LongType) {
            return new Conv(K_LONG, 0, 0, null, null);
        } else if (t instanceof IntegerType) {
            return new Conv(K_INT, 0, 0, null, null);
        } else if (t instanceof ShortType) {
            return new Conv(K_SHORT, 0, 0, null, null);
        } else if (t instanceof ByteType) {
            return new Conv(K_BYTE, 0, 0, null, null);
        } else if (t instanceof DoubleType) {
            return new Conv(K_DOUBLE, 0, 0, null, null);
        } else if (t instanceof FloatType) {
            return new Conv(K_FLOAT, 0, 0, null, null);
        } else if (t instanceof DecimalType d) {
            return new Conv(K_DECIMAL, d.precision(), d.scale(), null, null);
        } else if (t instanceof BooleanType) {
            return new Conv(K_BOOLEAN, 0, 0, null, null);
        } else if (t instanceof DateType) {
            return new Conv(K_DATE, 0, 0, null, null);
        } else if (t instanceof TimestampType) {
            return new Conv(K_TIMESTAMP, 0, 0, null, null);
        } else if (t instanceof BinaryType) {
            return new Conv(K_BINARY, 0, 0, null, null);
        } else if (t instanceof ArrayType a) {
            return new Conv(K_ARRAY, 0, 0, conv(a.elementType()), null);
        } else if (t instanceof MapType m && m.keyType() == DataTypes.StringType) {
            return new Conv(K_MAP, 0, 0, conv(m.valueType()), null);
        } else if (t instanceof StructType s && supportedSchema(s)) {
            return new Conv(K_STRUCT, 0, 0, null, new Struct(s, null));
        } else if (t instanceof NullType) {
            return new Conv(K_NULL, 0, 0, null, null);
        }
        return new Conv(K_OTHER, 0, 0, null, null);
    }

    private TapeSchema() {
    }
}
