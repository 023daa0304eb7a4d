package dev.hyson.internal.lazy;

/**
 * A scanned tape's contents as a lazy document keeps them: the entries and the decoded strings'
 * buffers (see {@code dev.hyson.internal.tape.Tape} for the layout), without a {@code Tape}'s scratch
 * space, which only scanning and building need. Never changed after it is made.
 *
 * @param entries the tape's entries, {@code size} of them used
 * @param size the entries used
 * @param latin1 the decoded Latin-1 strings
 * @param utf16 the decoded UTF-16 strings
 */
public record TapeArrays(long[] entries, int size, byte[] latin1, char[] utf16) {
}
