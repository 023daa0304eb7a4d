package dev.hyson.internal.write;

import dev.hyson.internal.model.TypeInfo;
import java.util.Arrays;

/**
 * The nesting rules every hyson writer applies, JSON and MessagePack alike. Depth counts the
 * containers enclosing a value: each map, array (of any component type), iterable, record,
 * {@code Optional} and replaced value (an encoder's or an extension's) is one level, the root
 * value being at depth 0. A container at depth {@code maxDepth} fails; it is a cycle when the same
 * object (by identity) is already on the path from the root, deep nesting otherwise. The path is
 * one array store per container; it is searched on failure, and past depth {@value #CYCLE_CHECKS} at
 * every eighth level, so a cycle is reported as one long before the recursion of a cycle could
 * exhaust the thread's stack (which, once the JIT has inlined the writers' frames, can happen before
 * depth 1000 on a 1 MiB stack).
 */
public final class ValueRules {
    /**
     * A fresh path for a writer: room for 8 levels (most documents are shallower; a small document's
     * write allocates 96 bytes less than with 32), doubled as needed.
     */
    public static final int INITIAL_PATH = 8;
    /** The depth past which the path is searched for the container at every eighth level (a cycle of period p is found within p + 8 levels). */
    static final int CYCLE_CHECKS = 16;

    private ValueRules() {
    }

    /**
     * Records a container entered at {@code depth} on the writer's path.
     *
     * @param path the containers enclosing this one, root first (the writer's, reused)
     * @param container the map, array, record, ... about to be written
     * @param depth how many containers enclose it
     * @param maxDepth the writer's limit
     * @param setting the builder method that raises the limit, named in the error
     * @return {@code path}, or a larger copy of it: the writer's path from now on
     * @throws WriteFailure a {@link WriteFailure#isLimit() limit} failure at {@code maxDepth}: a
     *     cycle (kept path: down to where the container refers back to itself) or deep nesting
     */
    public static Object[] enter(Object[] path, Object container, int depth, int maxDepth, String setting) {
        if (depth >= maxDepth) {
            throw tooDeep(path, container, depth, maxDepth, setting);
        }
        if (depth >= CYCLE_CHECKS && (depth & 7) == 0) {
            WriteFailure cycle = cycle(path, container, depth);
            if (cycle != null) {
                throw cycle;
            }
        }
        if (depth >= path.length) {
            path = Arrays.copyOf(path, Math.max(path.length * 2, depth + 1));
        }
        path[depth] = container;
        return path;
    }

    private static WriteFailure tooDeep(Object[] path, Object container, int depth, int maxDepth, String setting) {
        WriteFailure cycle = cycle(path, container, depth);
        return cycle != null ? cycle
                : new WriteFailure("nesting deeper than maxDepth (" + maxDepth + "): raise it with " + setting).limit();
    }

    /** The cycle failure when {@code container} is already on the path above {@code depth}, else null. */
    private static WriteFailure cycle(Object[] path, Object container, int depth) {
        for (int i = 0; i < depth && i < path.length; i++) {
            if (path[i] == container) {
                // the path down to the value that refers back to an enclosing one is what matters
                int back = i + 1;
                while (back < depth && path[back] != container) {
                    back++;
                }
                return new WriteFailure("cycle: this " + container.getClass().getName()
                        + " contains itself (it is already being written at depth " + i + ")", back).limit();
            }
        }
        return null;
    }

    /**
     * The text of a value both formats write as a string ({@link TypeInfo#text}), never null.
     *
     * @param type the value's type information; its kind is one {@link TypeInfo#text} accepts
     * @param value the value
     * @param verb what the writer does, for the message: {@code "write"} (JSON) or {@code "pack"}
     * @return the text
     * @throws WriteFailure when a {@code CharSequence}'s {@code toString()} returns null
     */
    public static String text(TypeInfo type, Object value, String verb) {
        String text = type.text(value);
        if (text == null) {
            throw new WriteFailure("cannot " + verb + " a " + value.getClass().getName() + " whose toString() is null");
        }
        return text;
    }
}
