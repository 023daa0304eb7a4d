package dev.hyson.internal.scan;

import dev.hyson.internal.tape.Tape;

/**
 * The backend interface: one call scans and validates a whole document and writes its
 * {@link Tape}. It is crossed once per document, never per token, so a native implementation pays
 * the JNI transition once (see HACKING.md).
 *
 * <p>Implementations are stateless and thread-safe; all per-parse state lives in the tape.
 */
public interface Scanner {
    /**
     * Scans {@code src[start, end)} as one JSON text under {@code cfg} into {@code tape}, which the
     * caller has {@link Tape#reset reset}.
     *
     * @return true when the document is valid; false with {@code tape.errorCode} and
     *     {@code tape.errorOffset} (absolute) set otherwise
     */
    boolean scan(byte[] src, int start, int end, ReadConfig cfg, Tape tape);

    /** @return the backend's name: {@code java} or {@code native} */
    String name();

    /** @return the CPU kernel in use, e.g. {@code swar64} for Java, {@code avx2} for native */
    String kernel();
}
