package dev.hyson.msgpack;

/**
 * The formats of the MessagePack specification ("Formats"), named as it names them, as
 * {@link MessageUnpacker#nextFormat()} reports the next value's first byte.
 */
public enum MessageFormat {
    /** 0x00..0x7f: a 7-bit positive integer in the byte itself. */
    POSITIVE_FIXINT(ValueType.INTEGER),
    /** 0x80..0x8f: a map of up to 15 entries. */
    FIXMAP(ValueType.MAP),
    /** 0x90..0x9f: an array of up to 15 elements. */
    FIXARRAY(ValueType.ARRAY),
    /** 0xa0..0xbf: a str of up to 31 bytes. */
    FIXSTR(ValueType.STRING),
    /** 0xc0. */
    NIL(ValueType.NIL),
    /** 0xc1: never used; unpacking it is an error. */
    NEVER_USED(null),
    /** 0xc2 and 0xc3. */
    BOOLEAN(ValueType.BOOLEAN),
    /** 0xc4: bin with an 8-bit length. */
    BIN8(ValueType.BINARY),
    /** 0xc5: bin with a 16-bit length. */
    BIN16(ValueType.BINARY),
    /** 0xc6: bin with a 32-bit length. */
    BIN32(ValueType.BINARY),
    /** 0xc7: ext with an 8-bit length. */
    EXT8(ValueType.EXTENSION),
    /** 0xc8: ext with a 16-bit length. */
    EXT16(ValueType.EXTENSION),
    /** 0xc9: ext with a 32-bit length. */
    EXT32(ValueType.EXTENSION),
    /** 0xca: IEEE 754 single precision. */
    FLOAT32(ValueType.FLOAT),
    /** 0xcb: IEEE 754 double precision. */
    FLOAT64(ValueType.FLOAT),
    /** 0xcc. */
    UINT8(ValueType.INTEGER),
    /** 0xcd. */
    UINT16(ValueType.INTEGER),
    /** 0xce. */
    UINT32(ValueType.INTEGER),
    /** 0xcf. */
    UINT64(ValueType.INTEGER),
    /** 0xd0. */
    INT8(ValueType.INTEGER),
    /** 0xd1. */
    INT16(ValueType.INTEGER),
    /** 0xd2. */
    INT32(ValueType.INTEGER),
    /** 0xd3. */
    INT64(ValueType.INTEGER),
    /** 0xd4: ext with a 1-byte payload. */
    FIXEXT1(ValueType.EXTENSION),
    /** 0xd5: ext with a 2-byte payload. */
    FIXEXT2(ValueType.EXTENSION),
    /** 0xd6: ext with a 4-byte payload. */
    FIXEXT4(ValueType.EXTENSION),
    /** 0xd7: ext with an 8-byte payload. */
    FIXEXT8(ValueType.EXTENSION),
    /** 0xd8: ext with a 16-byte payload. */
    FIXEXT16(ValueType.EXTENSION),
    /** 0xd9: str with an 8-bit length (not in the pre-2013 spec). */
    STR8(ValueType.STRING),
    /** 0xda: str with a 16-bit length. */
    STR16(ValueType.STRING),
    /** 0xdb: str with a 32-bit length. */
    STR32(ValueType.STRING),
    /** 0xdc: an array with a 16-bit count. */
    ARRAY16(ValueType.ARRAY),
    /** 0xdd: an array with a 32-bit count. */
    ARRAY32(ValueType.ARRAY),
    /** 0xde: a map with a 16-bit count. */
    MAP16(ValueType.MAP),
    /** 0xdf: a map with a 32-bit count. */
    MAP32(ValueType.MAP),
    /** 0xe0..0xff: a 5-bit negative integer in the byte itself. */
    NEGATIVE_FIXINT(ValueType.INTEGER);

    private static final MessageFormat[] TABLE = new MessageFormat[256];

    static {
        MessageFormat[] v = values();
        for (int b = 0; b < 256; b++) {
            MessageFormat f;
            if (b <= 0x7f) {
                f = POSITIVE_FIXINT;
            } else if (b <= 0x8f) {
                f = FIXMAP;
            } else if (b <= 0x9f) {
                f = FIXARRAY;
            } else if (b <= 0xbf) {
                f = FIXSTR;
            } else if (b >= 0xe0) {
                f = NEGATIVE_FIXINT;
            } else if (b <= 0xc3) {
                f = b == 0xc0 ? NIL : b == 0xc1 ? NEVER_USED : BOOLEAN;
            } else {
                f = v[BIN8.ordinal() + (b - 0xc4)];
            }
            TABLE[b] = f;
        }
    }

    private final ValueType valueType;

    MessageFormat(ValueType valueType) {
        this.valueType = valueType;
    }

    /** @return the type of values in this format; null for {@link #NEVER_USED} */
    public ValueType valueType() {
        return valueType;
    }

    /**
     * @param firstByte the first byte of a value (only its low 8 bits are used)
     * @return its format
     */
    public static MessageFormat of(int firstByte) {
        return TABLE[firstByte & 0xFF];
    }
}
