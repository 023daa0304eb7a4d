package dev.hyson.jsonp.patch;

import dev.hyson.jsonp.value.ArrayValue;
import dev.hyson.jsonp.value.ObjectValue;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonPointer;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A JSON Pointer (RFC 6901) as a {@link JsonPointer} (Jakarta JSON Processing 2.1). The text is
 * either empty (the whole target) or a sequence of {@code /}-prefixed reference tokens, in which
 * {@code ~0} stands for {@code ~} and {@code ~1} for {@code /} (RFC 6901 section 3; section 4 for
 * the decoding order). A token names a member of an object, or, in an array, is an index: {@code 0}
 * or a decimal number without leading zeros, or {@code -} for the (nonexistent) element after the
 * last, which only {@link #add add} accepts (RFC 6901 section 4, RFC 6902 section 4.1).
 *
 * <p>{@link #add add}, {@link #remove remove} and {@link #replace replace} follow RFC 6902
 * sections 4.1 to 4.3 and the {@code JsonPointer} Javadoc: the target is not changed; a new
 * structure is returned, sharing the untouched values and copying only the containers on the path.
 * Every failure is a {@link JsonException} whose message names the pointer and where it failed.
 *
 * <p>Immutable and thread-safe. Equal to another {@code Pointer} of the same text.
 */
public final class Pointer implements JsonPointer {
    private static final int ADD = 0;
    private static final int REMOVE = 1;
    private static final int REPLACE = 2;

    private final String text;
    /** The decoded reference tokens. */
    private final String[] tokens;
    /** {@code ends[i]}: where token {@code i}'s text ends in {@link #text} (for messages). */
    private final int[] ends;

    /**
     * Parses a JSON Pointer (RFC 6901 section 3; JSON-P {@code JsonProvider.createPointer}).
     *
     * @param text the pointer's text: empty, or {@code /}-prefixed tokens
     * @throws NullPointerException when {@code text} is {@code null}
     * @throws JsonException when {@code text} is not empty and does not start with {@code /} (a
     *     {@code ~} followed by neither {@code 0} nor {@code 1}, which RFC 6901 does not define, stands
     *     for itself, as the JSON-P TCK accepts)
     */
    public Pointer(String text) {
        this.text = Objects.requireNonNull(text, "text");
        if (text.isEmpty()) {
            tokens = new String[0];
            ends = new int[0];
            return;
        }
        if (text.charAt(0) != '/') {
            throw new JsonException("invalid JSON Pointer \"" + text + "\": it is neither empty nor starts with '/'");
        }
        List<String> list = new ArrayList<>();
        List<Integer> at = new ArrayList<>();
        StringBuilder token = new StringBuilder();
        for (int i = 1, n = text.length(); i <= n; i++) {
            char c = i < n ? text.charAt(i) : '/';
            if (c == '/') {
                list.add(token.toString());
                at.add(i);
                token.setLength(0);
            } else if (c == '~') {
                char next = i + 1 < n ? text.charAt(i + 1) : 0;
                if (next == '0') {
                    token.append('~');
                    i++;
                } else if (next == '1') {
                    token.append('/');
                    i++;
                } else {
                    // RFC 6901's grammar has no bare '~'; as the JSON-P TCK allows, it stands for itself
                    token.append('~');
                }
            } else {
                token.append(c);
            }
        }
        tokens = list.toArray(new String[0]);
        ends = new int[at.size()];
        for (int i = 0; i < ends.length; i++) {
            ends[i] = at.get(i);
        }
    }

    /**
     * Escapes a member name as a reference token (RFC 6901 section 3): {@code ~} as {@code ~0},
     * {@code /} as {@code ~1}.
     *
     * @param name the member name
     * @return the token's text, without the leading {@code /}
     */
    static String escape(String name) {
        if (name.indexOf('~') < 0 && name.indexOf('/') < 0) {
            return name;
        }
        return name.replace("~", "~0").replace("/", "~1");
    }

    /** @return true when this pointer is the empty one, which references the whole target */
    boolean isWhole() {
        return tokens.length == 0;
    }

    /**
     * @param other another pointer
     * @return true when {@code other} references a value inside the one this pointer references (RFC
     *     6902 section 4.4: "a location cannot be moved into one of its children")
     */
    boolean isProperPrefixOf(Pointer other) {
        if (other.tokens.length <= tokens.length) {
            return false;
        }
        for (int i = 0; i < tokens.length; i++) {
            if (!tokens[i].equals(other.tokens[i])) {
                return false;
            }
        }
        return true;
    }

    /**
     * The referenced value (RFC 6901 section 4; JSON-P {@code JsonPointer.getValue}). The empty
     * pointer references {@code target} itself.
     *
     * @param target an object or array
     * @return the value
     * @throws NullPointerException when {@code target} is {@code null}
     * @throws JsonException when there is no such value: a missing member, an index out of range or
     *     {@code -}, a token that is not an index where an array is, or a token past a value that is
     *     neither an object nor an array
     */
    @Override
    public JsonValue getValue(JsonStructure target) {
        return resolve(Objects.requireNonNull(target, "target"), tokens.length, true);
    }

    /**
     * Whether the referenced value exists (JSON-P {@code JsonPointer.containsValue}): true exactly
     * when {@link #getValue} would return a value rather than throw.
     *
     * @param target an object or array
     * @return whether there is a value at this pointer
     * @throws NullPointerException when {@code target} is {@code null}
     */
    @Override
    public boolean containsValue(JsonStructure target) {
        return resolve(Objects.requireNonNull(target, "target"), tokens.length, false) != null;
    }

    /**
     * A copy of {@code target} with {@code value} added (RFC 6902 section 4.1; JSON-P
     * {@code JsonPointer.add}): into an array, inserted at the index (equal to the size, or {@code -},
     * appends); into an object, the member added, or its value replaced when it exists. The empty
     * pointer returns {@code value} itself, which must be an object or an array. The Javadoc says it
     * "must be the same type as specified target"; like the reference implementation (and the JSON-P
     * TCK, which replaces an object by an array this way) this accepts either kind, so the caller's
     * {@code T} may then not fit the result.
     *
     * @param <T> the target's type
     * @param target an object or array, not changed
     * @param value the value to add
     * @return the new structure
     * @throws NullPointerException when {@code target} or {@code value} is {@code null}
     * @throws JsonException when the container this pointer ends in does not exist, an array index
     *     is greater than the array's size or not an index, or (empty pointer) {@code value} is
     *     neither an object nor an array
     */
    @Override
    public <T extends JsonStructure> T add(T target, JsonValue value) {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(value, "value");
        if (tokens.length == 0) {
            JsonValue.ValueType type = value.getValueType();
            if (!(value instanceof JsonStructure) || type != JsonValue.ValueType.OBJECT && type != JsonValue.ValueType.ARRAY) {
                throw new JsonException("JSON Pointer \"\": the whole target can only be replaced by an object or"
                        + " an array, not " + type);
            }
            @SuppressWarnings("unchecked")
            T whole = (T) value;
            return whole;
        }
        return change(target, ADD, value);
    }

    /**
     * A copy of {@code target} without the referenced value (RFC 6902 section 4.2; JSON-P
     * {@code JsonPointer.remove}); elements after a removed array element shift left.
     *
     * @param <T> the target's type
     * @param target an object or array, not changed
     * @return the new structure
     * @throws NullPointerException when {@code target} is {@code null}
     * @throws JsonException when the referenced value does not exist, or this is the empty pointer
     *     (the target itself cannot be removed)
     */
    @Override
    public <T extends JsonStructure> T remove(T target) {
        Objects.requireNonNull(target, "target");
        if (tokens.length == 0) {
            throw new JsonException("JSON Pointer \"\": the whole target cannot be removed");
        }
        return change(target, REMOVE, null);
    }

    /**
     * A copy of {@code target} with the referenced value replaced by {@code value} (RFC 6902 section
     * 4.3; JSON-P {@code JsonPointer.replace}).
     *
     * @param <T> the target's type
     * @param target an object or array, not changed
     * @param value the new value
     * @return the new structure
     * @throws NullPointerException when {@code target} or {@code value} is {@code null}
     * @throws JsonException when the referenced value does not exist, or this is the empty pointer
     *     (the JSON-P Javadoc: "if the reference is the target"; {@link Patch} handles a whole-document
     *     {@code replace} itself)
     */
    @Override
    public <T extends JsonStructure> T replace(T target, JsonValue value) {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(value, "value");
        if (tokens.length == 0) {
            throw new JsonException("JSON Pointer \"\": the whole target cannot be replaced");
        }
        return change(target, REPLACE, value);
    }

    /**
     * Walks the first {@code count} tokens from {@code root}.
     *
     * @return the value reached, or {@code null} when there is none and {@code strict} is false
     * @throws JsonException when there is none and {@code strict} is true
     */
    private JsonValue resolve(JsonValue root, int count, boolean strict) {
        JsonValue at = root;
        for (int i = 0; i < count; i++) {
            at = child(at, i, strict);
            if (at == null) {
                return null;
            }
        }
        return at;
    }

    /** The value token {@code i} names in {@code container}; null or a JsonException when there is none. */
    private JsonValue child(JsonValue container, int i, boolean strict) {
        String token = tokens[i];
        switch (container.getValueType()) {
            case OBJECT: {
                JsonObject object = (JsonObject) container;
                JsonValue v = object.get(token);
                if (v == null && strict) {
                    throw fail(i, "the object has no member \"" + token + "\"");
                }
                return v;
            }
            case ARRAY: {
                JsonArray array = (JsonArray) container;
                int index = index(token);
                if (index < 0 || index >= array.size()) {
                    if (strict) {
                        throw fail(i, index == -2 ? "\"-\" is after the array's last element"
                                : index == -1 ? "\"" + token + "\" is not an array index"
                                : "index " + token + " is out of range: the array has " + array.size() + " elements");
                    }
                    return null;
                }
                return array.get(index);
            }
            default:
                if (strict) {
                    throw fail(i, "the value there is " + container.getValueType() + ", not an object or array");
                }
                return null;
        }
    }

    /**
     * @return the index a token stands for: {@code -2} for {@code -}, {@code -1} when it is not an
     *     index (empty, a sign, leading zeros, not digits), {@code Integer.MAX_VALUE} when it is too large
     */
    private static int index(String token) {
        int n = token.length();
        if (n == 1 && token.charAt(0) == '-') {
            return -2;
        }
        if (n == 0 || n > 1 && token.charAt(0) == '0') {
            return -1;
        }
        long v = 0;
        for (int i = 0; i < n; i++) {
            char c = token.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            if (v < Integer.MAX_VALUE) {
                v = v * 10 + (c - '0');
            }
        }
        return (int) Math.min(v, Integer.MAX_VALUE);
    }

    private JsonException fail(int i, String why) {
        String where = i == 0 ? "the target" : "\"" + text.substring(0, ends[i - 1]) + "\"";
        return new JsonException("JSON Pointer \"" + text + "\": at token " + (i + 1) + " (in " + where + "): " + why);
    }

    /** add, remove or replace at a non-empty pointer: the containers on the path copied, bottom up. */
    private <T extends JsonStructure> T change(T target, int op, JsonValue value) {
        int last = tokens.length - 1;
        JsonValue[] path = new JsonValue[tokens.length];
        path[0] = target;
        for (int i = 0; i < last; i++) {
            path[i + 1] = child(path[i], i, true);
        }
        JsonValue changed = changeLast(path[last], op, value);
        for (int i = last - 1; i >= 0; i--) {
            changed = withChild(path[i], tokens[i], changed);
        }
        @SuppressWarnings("unchecked")
        T result = (T) changed;
        return result;
    }

    private JsonValue changeLast(JsonValue container, int op, JsonValue value) {
        int last = tokens.length - 1;
        String token = tokens[last];
        switch (container.getValueType()) {
            case OBJECT: {
                Map<String, JsonValue> members = new LinkedHashMap<>((JsonObject) container);
                if (op != ADD && !members.containsKey(token)) {
                    throw fail(last, "the object has no member \"" + token + "\"");
                }
                if (op == REMOVE) {
                    members.remove(token);
                } else {
                    members.put(token, value);
                }
                return new ObjectValue(members);
            }
            case ARRAY: {
                List<JsonValue> elements = new ArrayList<>((JsonArray) container);
                int size = elements.size();
                int index = index(token);
                if (op == ADD && index == -2) {
                    index = size;
                }
                if (index < 0 || index > size || index == size && op != ADD) {
                    throw fail(last, index == -2 ? "\"-\" is after the array's last element"
                            : index == -1 ? "\"" + token + "\" is not an array index"
                            : "index " + token + " is out of range: the array has " + size + " elements");
                }
                if (op == ADD) {
                    elements.add(index, value);
                } else if (op == REMOVE) {
                    elements.remove(index);
                } else {
                    elements.set(index, value);
                }
                return new ArrayValue(elements);
            }
            default:
                throw fail(last, "the value there is " + container.getValueType() + ", not an object or array");
        }
    }

    /** A copy of {@code container} with the existing child {@code token} replaced by {@code child}. */
    private static JsonValue withChild(JsonValue container, String token, JsonValue child) {
        if (container.getValueType() == JsonValue.ValueType.OBJECT) {
            Map<String, JsonValue> members = new LinkedHashMap<>((JsonObject) container);
            members.put(token, child);
            return new ObjectValue(members);
        }
        List<JsonValue> elements = new ArrayList<>((JsonArray) container);
        elements.set(index(token), child);
        return new ArrayValue(elements);
    }

    /**
     * @param o another object
     * @return true when {@code o} is a {@code Pointer} of the same text
     */
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Pointer && text.equals(((Pointer) o).text);
    }

    /** @return the text's hash code */
    @Override
    public int hashCode() {
        return text.hashCode();
    }

    /**
     * The pointer's text, as given (JSON-P {@code JsonPointer.toString}: "an empty string or a
     * sequence of '/' prefixed tokens", escaped).
     *
     * @return the text
     */
    @Override
    public String toString() {
        return text;
    }
}
