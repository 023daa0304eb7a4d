package dev.hyson.internal.write;

import java.util.ArrayDeque;

/**
 * Unwinds a failed write; each container on the way out adds its path segment, so the location is
 * built only when something fails (no path bookkeeping on the hot path).
 */
public final class WriteFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Paths longer than this are shown with their middle elided. */
    private static final int MAX_SEGMENTS = 24;

    private final transient ArrayDeque<String> segments = new ArrayDeque<>();
    private final int keep;

    /** @param problem what went wrong, without the path */
    public WriteFailure(String problem) {
        this(problem, Integer.MAX_VALUE);
    }

    /**
     * @param problem what went wrong, without the path
     * @param cause the exception that made the value unwritable
     */
    public WriteFailure(String problem, Throwable cause) {
        super(problem, cause, false, false);
        this.keep = Integer.MAX_VALUE;
    }

    /**
     * @param problem what went wrong, without the path
     * @param keep how many segments from the root make the path that matters (for a cycle: down to
     *     the value that refers back to an enclosing one)
     */
    public WriteFailure(String problem, int keep) {
        super(problem, null, false, false);
        this.keep = keep;
    }

    /** Whether the failure already names its member, so the map being written adds no segment of its own. */
    private boolean located;
    /** Whether a limit (depth, cycle, output size) was passed, rather than a value being unwritable. */
    private boolean limit;

    /**
     * Marks the failure as a limit passed (see {@link #isLimit}).
     *
     * @return this
     */
    public WriteFailure limit() {
        limit = true;
        return this;
    }

    /** @return whether a limit (depth, cycle, output size) was passed, rather than a value being unwritable */
    public boolean isLimit() {
        return limit;
    }

    /**
     * Adds the segment of the enclosing container.
     *
     * @param segment {@code .name}, {@code ['odd name']}, {@code [3]}, or "" for a level with no name
     *     of its own (an {@code Optional}, a replaced value)
     * @return this
     */
    public WriteFailure at(String segment) {
        segments.addFirst(segment);
        return this;
    }

    /**
     * Marks the last segment added as the map member the failure is about (see {@link #isLocated}).
     *
     * @return this
     */
    public WriteFailure located() {
        located = true;
        return this;
    }

    /** @return whether the map being written should leave the path as it is, once; clears the mark */
    public boolean isLocated() {
        boolean was = located;
        located = false;
        return was;
    }

    /** @return the JSONPath-like location, {@code $} for the root */
    public String path() {
        return path(segments, keep);
    }

    /**
     * Formats a JSONPath-like location ({@code $} for the root) from its first {@code keep}
     * segments, root first, eliding the middle of a long one ({@code ...(976 levels)...}). Shared
     * by the JSON and MessagePack writers.
     *
     * @param rootFirst the segments, root first
     * @param keep how many of them make the path
     * @return the location, such as {@code $.users[3]}
     */
    public static String path(java.util.Collection<String> rootFirst, int keep) {
        int n = Math.min(keep, rootFirst.size());
        StringBuilder sb = new StringBuilder("$");
        int i = 0;
        for (String s : rootFirst) {
            if (i >= n) {
                break;
            }
            if (n > MAX_SEGMENTS && i == MAX_SEGMENTS / 2) {
                sb.append("...(").append(n - MAX_SEGMENTS).append(" levels)...");
            }
            if (n <= MAX_SEGMENTS || i < MAX_SEGMENTS / 2 || i >= n - MAX_SEGMENTS / 2) {
                sb.append(s);
            }
            i++;
        }
        return sb.toString();
    }

    /**
     * The path segment of a map member: {@code .name} for an identifier, {@code ['odd name']}
     * otherwise, {@code [null]} for a null key. Shared by the JSON and MessagePack writers.
     *
     * @param key the map key, written as text
     * @return its segment
     */
    public static String memberSegment(Object key) {
        if (key == null) {
            return "[null]"; // not ".null", which reads as a member named "null"
        }
        String k;
        try {
            k = key.toString();
        } catch (RuntimeException e) {
            k = null;
        }
        if (k == null) {
            return "[" + key.getClass().getName() + "]"; // a key with no text: named by its class
        }
        boolean plain = !k.isEmpty() && Character.isJavaIdentifierStart(k.charAt(0));
        for (int i = 1; plain && i < k.length(); i++) {
            plain = Character.isJavaIdentifierPart(k.charAt(i));
        }
        return plain ? "." + k : "['" + k.replace("\\", "\\\\").replace("'", "\\'") + "']";
    }
}
