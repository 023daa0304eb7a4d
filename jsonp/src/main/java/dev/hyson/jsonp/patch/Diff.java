package dev.hyson.jsonp.patch;

import dev.hyson.jsonp.value.ArrayValue;
import dev.hyson.jsonp.value.ObjectValue;
import dev.hyson.jsonp.value.StringValue;
import jakarta.json.JsonArray;
import jakarta.json.JsonMergePatch;
import jakarta.json.JsonObject;
import jakarta.json.JsonPatch;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Differences between two JSON values, as a JSON Patch (RFC 6902) or a JSON Merge Patch (RFC 7396):
 * JSON-P's {@code JsonProvider.createDiff} and {@code createMergeDiff}.
 */
public final class Diff {
    /**
     * Above this many cells ((source length + 1) times (target length + 1), after the common ends are
     * cut off) arrays are compared element by element instead of by a longest common subsequence.
     */
    private static final long LCS_CELLS = 1 << 20;

    private Diff() {
    }

    /**
     * A JSON Patch that turns {@code source} into {@code target} (JSON-P {@code JsonProvider.createDiff}):
     * applied to {@code source} it gives a value equal to {@code target}. Values that are equal give no
     * operation. Two objects: a {@code remove} for each member missing from {@code target}, an
     * {@code add} for each new member, and the members both have compared recursively. Two arrays: the
     * elements are matched by a longest common subsequence (element by element for very long arrays),
     * unmatched ones removed or added, and an unmatched pair at the same place compared recursively.
     * Anything else: a {@code replace} (of {@code ""} when the two structures are of different kinds,
     * which {@link Patch} accepts).
     *
     * @param source the structure to start from
     * @param target the structure to reach
     * @return the patch, a {@link Patch}
     * @throws NullPointerException when {@code source} or {@code target} is {@code null}
     */
    public static JsonPatch patch(JsonStructure source, JsonStructure target) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(target, "target");
        List<JsonValue> ops = new ArrayList<>();
        diff("", source, target, ops);
        return new Patch(new ArrayValue(ops));
    }

    /**
     * A JSON Merge Patch that turns {@code source} into {@code target} (JSON-P
     * {@code JsonProvider.createMergeDiff}, RFC 7396). Two objects give an object holding
     * {@code null} for each member missing from {@code target}, each new member's value, and for each
     * changed member the merge diff of its two values; any other pair gives {@code target} itself.
     * RFC 7396 cannot express a {@code null} member value (a {@code null} in a patch removes), so when
     * {@code target} has {@code null} members inside objects, applying the result may leave them out.
     *
     * @param source the value to start from
     * @param target the value to reach
     * @return the merge patch, a {@link MergePatch}
     * @throws NullPointerException when {@code source} or {@code target} is {@code null}
     */
    public static JsonMergePatch mergePatch(JsonValue source, JsonValue target) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(target, "target");
        return new MergePatch(mergeDiff(source, target));
    }

    private static JsonValue mergeDiff(JsonValue source, JsonValue target) {
        if (source.getValueType() != JsonValue.ValueType.OBJECT || target.getValueType() != JsonValue.ValueType.OBJECT) {
            return target;
        }
        JsonObject s = (JsonObject) source;
        JsonObject t = (JsonObject) target;
        Map<String, JsonValue> out = new LinkedHashMap<>();
        for (String name : s.keySet()) {
            if (!t.containsKey(name)) {
                out.put(name, JsonValue.NULL);
            }
        }
        for (Map.Entry<String, JsonValue> e : t.entrySet()) {
            JsonValue before = s.get(e.getKey());
            if (before == null) {
                out.put(e.getKey(), e.getValue());
            } else if (!before.equals(e.getValue())) {
                out.put(e.getKey(), mergeDiff(before, e.getValue()));
            }
        }
        return new ObjectValue(out);
    }

    private static void diff(String path, JsonValue source, JsonValue target, List<JsonValue> ops) {
        if (source.equals(target)) {
            return;
        }
        JsonValue.ValueType type = source.getValueType();
        if (type == JsonValue.ValueType.OBJECT && target.getValueType() == type) {
            JsonObject s = (JsonObject) source;
            JsonObject t = (JsonObject) target;
            for (String name : s.keySet()) {
                if (!t.containsKey(name)) {
                    ops.add(op("remove", path + "/" + Pointer.escape(name), null));
                }
            }
            for (Map.Entry<String, JsonValue> e : t.entrySet()) {
                String at = path + "/" + Pointer.escape(e.getKey());
                JsonValue before = s.get(e.getKey());
                if (before == null) {
                    ops.add(op("add", at, e.getValue()));
                } else {
                    diff(at, before, e.getValue(), ops);
                }
            }
        } else if (type == JsonValue.ValueType.ARRAY && target.getValueType() == type) {
            diffArrays(path, (JsonArray) source, (JsonArray) target, ops);
        } else {
            ops.add(op("replace", path, target));
        }
    }

    /**
     * The array being patched is always {@code t[0, a + j) ++ s[a + i, n)}: the target's elements
     * already reached, then the source's not yet handled; so the next element to handle is at index
     * {@code a + j}.
     */
    private static void diffArrays(String path, JsonArray source, JsonArray target, List<JsonValue> ops) {
        List<JsonValue> s = new ArrayList<>(source);
        List<JsonValue> t = new ArrayList<>(target);
        int a = 0;
        while (a < s.size() && a < t.size() && s.get(a).equals(t.get(a))) {
            a++;
        }
        int sEnd = s.size();
        int tEnd = t.size();
        while (sEnd > a && tEnd > a && s.get(sEnd - 1).equals(t.get(tEnd - 1))) {
            sEnd--;
            tEnd--;
        }
        int n = sEnd - a;
        int m = tEnd - a;
        int[] lcs = null;
        int w = m + 1;
        if ((long) (n + 1) * w <= LCS_CELLS) {
            // lcs[i * w + j]: length of the longest common subsequence of s[a + i, sEnd) and t[a + j, tEnd)
            lcs = new int[(n + 1) * w];
            for (int i = n - 1; i >= 0; i--) {
                for (int j = m - 1; j >= 0; j--) {
                    lcs[i * w + j] = s.get(a + i).equals(t.get(a + j))
                            ? lcs[(i + 1) * w + j + 1] + 1
                            : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
                }
            }
        }
        int i = 0;
        int j = 0;
        while (i < n || j < m) {
            String at = path + "/" + (a + j);
            if (i < n && j < m) {
                JsonValue x = s.get(a + i);
                JsonValue y = t.get(a + j);
                if (x.equals(y)) {
                    i++;
                    j++;
                } else if (lcs == null || lcs[(i + 1) * w + j + 1] == lcs[i * w + j]) {
                    diff(at, x, y, ops); // pairing them loses no match: change one into the other
                    i++;
                    j++;
                } else if (lcs[i * w + j + 1] >= lcs[(i + 1) * w + j]) {
                    ops.add(op("add", at, y));
                    j++;
                } else {
                    ops.add(op("remove", at, null));
                    i++;
                }
            } else if (j < m) {
                ops.add(op("add", at, t.get(a + j)));
                j++;
            } else {
                ops.add(op("remove", at, null));
                i++;
            }
        }
    }

    private static JsonValue op(String op, String path, JsonValue value) {
        Map<String, JsonValue> o = new LinkedHashMap<>();
        o.put("op", new StringValue(op));
        o.put("path", new StringValue(path));
        if (value != null) {
            o.put("value", value);
        }
        return new ObjectValue(o);
    }
}
