package dev.hyson.internal.scan;

import dev.hyson.DuplicateKeyPolicy;
import dev.hyson.SurrogatePolicy;

/**
 * The reader options as the scanners and the materializer see them: immutable, plain fields, built
 * by {@code JsonReader.Builder}. The native backend receives the same values as integers.
 */
public final class ReadConfig {
    public final int maxDepth;
    public final long maxStringLength;
    public final int maxNumberLength;
    public final long maxDocumentLength;
    public final DuplicateKeyPolicy duplicateKeys;
    public final SurrogatePolicy loneSurrogates;
    public final boolean allowByteOrderMark;
    public final boolean allowComments;
    public final boolean allowTrailingCommas;
    public final boolean allowNonFiniteLiterals;
    public final boolean allowInfinityForOverflow;
    public final boolean bigDecimals;
    public final boolean internKeys;
    /** Objects become {@code LinkedHashMap}s instead of {@code MemberMap}s. */
    public final boolean linkedHashMaps;

    public ReadConfig(int maxDepth, long maxStringLength, int maxNumberLength, long maxDocumentLength,
            DuplicateKeyPolicy duplicateKeys, SurrogatePolicy loneSurrogates, boolean allowByteOrderMark,
            boolean allowComments, boolean allowTrailingCommas, boolean allowNonFiniteLiterals,
            boolean allowInfinityForOverflow, boolean bigDecimals, boolean internKeys) {
        this(maxDepth, maxStringLength, maxNumberLength, maxDocumentLength, duplicateKeys, loneSurrogates,
                allowByteOrderMark, allowComments, allowTrailingCommas, allowNonFiniteLiterals, allowInfinityForOverflow,
                bigDecimals, internKeys, false);
    }

    public ReadConfig(int maxDepth, long maxStringLength, int maxNumberLength, long maxDocumentLength,
            DuplicateKeyPolicy duplicateKeys, SurrogatePolicy loneSurrogates, boolean allowByteOrderMark,
            boolean allowComments, boolean allowTrailingCommas, boolean allowNonFiniteLiterals,
            boolean allowInfinityForOverflow, boolean bigDecimals, boolean internKeys, boolean linkedHashMaps) {
        this.maxDepth = maxDepth;
        this.maxStringLength = maxStringLength;
        this.maxNumberLength = maxNumberLength;
        this.maxDocumentLength = maxDocumentLength;
        this.duplicateKeys = duplicateKeys;
        this.loneSurrogates = loneSurrogates;
        this.allowByteOrderMark = allowByteOrderMark;
        this.allowComments = allowComments;
        this.allowTrailingCommas = allowTrailingCommas;
        this.allowNonFiniteLiterals = allowNonFiniteLiterals;
        this.allowInfinityForOverflow = allowInfinityForOverflow;
        this.bigDecimals = bigDecimals;
        this.internKeys = internKeys;
        this.linkedHashMaps = linkedHashMaps;
    }
}
