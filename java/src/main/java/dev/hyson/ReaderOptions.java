package dev.hyson;

import dev.hyson.internal.scan.ReadConfig;

/**
 * The options a {@link JsonReader.Builder} collects, starting from the defaults. A reader is made
 * from a copy and keeps it, so {@link JsonReader#toBuilder()} starts from the same options while
 * the builder goes on to change its own.
 */
final class ReaderOptions implements Cloneable {
    int maxDepth = JsonReader.DEFAULT_MAX_DEPTH;
    long maxStringLength = JsonReader.DEFAULT_MAX_STRING_LENGTH;
    int maxNumberLength = JsonReader.DEFAULT_MAX_NUMBER_LENGTH;
    long maxDocumentLength = JsonReader.DEFAULT_MAX_DOCUMENT_LENGTH;
    DuplicateKeyPolicy duplicateKeys = DuplicateKeyPolicy.LAST_WINS;
    SurrogatePolicy loneSurrogates = SurrogatePolicy.KEEP;
    boolean allowByteOrderMark = true;
    boolean allowComments;
    boolean allowTrailingCommas;
    boolean allowNonFiniteLiterals;
    boolean allowInfinityForOverflow;
    boolean bigDecimals;
    boolean internKeys = true;
    boolean linkedHashMaps;
    Backend backend = Backend.active();
    dev.hyson.bind.Binder binder = dev.hyson.bind.Binder.defaults();

    /** @return a copy that changes apart from this one */
    ReaderOptions copy() {
        try {
            return (ReaderOptions) super.clone();
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);
        }
    }

    /** @return the options the scanners and value builders read */
    ReadConfig config() {
        return new ReadConfig(maxDepth, maxStringLength, maxNumberLength, maxDocumentLength, duplicateKeys, loneSurrogates,
                allowByteOrderMark, allowComments, allowTrailingCommas, allowNonFiniteLiterals, allowInfinityForOverflow,
                bigDecimals, internKeys, linkedHashMaps);
    }

    /**
     * @param v a count setting
     * @param name the setting's name, for the error
     * @return {@code v}
     * @throws IllegalArgumentException when {@code v} is below 1
     */
    static int atLeastOne(int v, String name) {
        if (v < 1) {
            throw new IllegalArgumentException(name + " must be at least 1: " + v);
        }
        return v;
    }

    /**
     * @param v a length setting
     * @param name the setting's name, for the error
     * @return {@code v}
     * @throws IllegalArgumentException when {@code v} is negative
     */
    static long nonNegative(long v, String name) {
        if (v < 0) {
            throw new IllegalArgumentException(name + " must not be negative: " + v);
        }
        return v;
    }
}
