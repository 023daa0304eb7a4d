package dev.hyson.internal.write;

import java.util.ArrayDeque;

/**
 * Unwinds a failed write; each container on the way out adds its path segment, so the location is
 * built only when something fails (no path bookkeeping on the hot path).
 */
public final class WriteFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient ArrayDeque<String> segments = new ArrayDeque<>();

    public WriteFailure(String problem) {
        super(problem, null, false, false);
    }

    /** Adds the segment of the enclosing container ({@code .name}, {@code ['odd name']}, {@code [3]}). */
    public WriteFailure at(String segment) {
        segments.addFirst(segment);
        return this;
    }

    /** @return the JSONPath-like location, {@code $} for the root */
    public String path() {
        StringBuilder sb = new StringBuilder("$");
        for (String s : segments) {
            sb.append(s);
        }
        return sb.toString();
    }
}
