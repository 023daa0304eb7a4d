package dev.hyson.jsonp.value;

import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@link JsonArrayBuilder} (Jakarta JSON Processing 2.1, {@code jakarta.json.JsonArrayBuilder}):
 * collects elements and builds an immutable {@link ArrayValue}. Besides appending, elements can be
 * inserted ({@code add(int, ...)}), replaced ({@code set(int, ...)}) and removed ({@link #remove(int)})
 * by index, with {@link IndexOutOfBoundsException} for an index out of the range each method's
 * Javadoc gives. {@code null} is never an element: use {@link #addNull()}. {@link #build()} hands the
 * collected elements to the array it returns and clears this builder, so later calls change neither
 * that array nor anything built before.
 *
 * <p>Not thread-safe: one builder is used by one thread at a time.
 */
public final class ArrayBuilder implements JsonArrayBuilder {
    private List<JsonValue> elements;

    /** An empty builder (JSON-P {@code JsonBuilderFactory.createArrayBuilder()}). */
    public ArrayBuilder() {
        elements = new ArrayList<>();
    }

    /**
     * A builder holding the elements of {@code initial}, in order (JSON-P
     * {@code JsonBuilderFactory.createArrayBuilder(JsonArray)}). The array itself is not changed.
     *
     * @param initial the elements to start with
     * @throws NullPointerException when {@code initial} is {@code null}
     */
    public ArrayBuilder(JsonArray initial) {
        elements = new ArrayList<>(Objects.requireNonNull(initial, "initial"));
    }

    /**
     * A builder holding the elements of a Java collection, in its iteration order, each converted as
     * JSON-P {@code JsonBuilderFactory.createArrayBuilder(Collection)} asks, the conversions of
     * {@link ObjectBuilder#of(java.util.Map)}: {@code null} is {@link JsonValue#NULL}, {@code JsonValue}
     * kept, {@code String}, the JDK's numbers, {@code Boolean}, {@code Map}, {@code Collection},
     * {@code JsonObjectBuilder} and {@code JsonArrayBuilder} (built) converted, an {@link Optional} its
     * content, an empty one left out (JSON-P {@code JsonProvider.createArrayBuilder(Collection)}:
     * "contains the value from the collection only if the Optional is not empty").
     *
     * @param collection the elements, not {@code null}
     * @return a builder holding them
     * @throws NullPointerException when {@code collection} is {@code null}, or a nested map has a
     *     {@code null} key
     * @throws NumberFormatException when a {@code Double} or {@code Float} is NaN or infinite
     * @throws IllegalArgumentException when an element (at any depth) is of another type
     */
    public static ArrayBuilder of(Collection<?> collection) {
        ArrayBuilder b = new ArrayBuilder();
        for (Object o : Objects.requireNonNull(collection, "collection")) {
            JsonValue v = ObjectBuilder.convert(o);
            if (v != null) {
                b.elements.add(v);
            }
        }
        return b;
    }

    private ArrayBuilder append(JsonValue value) {
        elements.add(value);
        return this;
    }

    private ArrayBuilder insert(int index, JsonValue value) {
        checkPlace(index);
        elements.add(index, value);
        return this;
    }

    private void checkPlace(int index) {
        if (index < 0 || index > elements.size()) {
            throw new IndexOutOfBoundsException("index " + index + " is not in [0, " + elements.size() + "]");
        }
    }

    private ArrayBuilder replace(int index, JsonValue value) {
        checkElement(index);
        elements.set(index, value);
        return this;
    }

    private void checkElement(int index) {
        if (index < 0 || index >= elements.size()) {
            throw new IndexOutOfBoundsException("index " + index + " is not in [0, " + elements.size() + ")");
        }
    }

    private static JsonValue value(JsonValue value) {
        return Objects.requireNonNull(value, "value");
    }

    private static JsonValue built(JsonObjectBuilder builder) {
        return Objects.requireNonNull(builder, "builder").build();
    }

    private static JsonValue built(JsonArrayBuilder builder) {
        return Objects.requireNonNull(builder, "builder").build();
    }

    // ---- appending (JSON-P 1.0)

    /**
     * Appends {@code value} (JSON-P {@code JsonArrayBuilder.add(JsonValue)}).
     *
     * @param value the element
     * @return this builder
     * @throws NullPointerException when {@code value} is {@code null}
     */
    @Override
    public ArrayBuilder add(JsonValue value) {
        return append(value(value));
    }

    /**
     * Appends a JSON string (JSON-P {@code JsonArrayBuilder.add(String)}).
     *
     * @param value the string
     * @return this builder
     * @throws NullPointerException when {@code value} is {@code null}
     */
    @Override
    public ArrayBuilder add(String value) {
        return append(new StringValue(value));
    }

    /**
     * Appends a JSON number, its scale kept (JSON-P {@code JsonArrayBuilder.add(BigDecimal)}).
     *
     * @param value the number
     * @return this builder
     * @throws NullPointerException when {@code value} is {@code null}
     */
    @Override
    public ArrayBuilder add(BigDecimal value) {
        return append(NumberValue.of(value));
    }

    /**
     * Appends a JSON number (JSON-P {@code JsonArrayBuilder.add(BigInteger)}).
     *
     * @param value the number
     * @return this builder
     * @throws NullPointerException when {@code value} is {@code null}
     */
    @Override
    public ArrayBuilder add(BigInteger value) {
        return append(NumberValue.of(value));
    }

    /**
     * Appends a JSON number (JSON-P {@code JsonArrayBuilder.add(int)}).
     *
     * @param value the number
     * @return this builder
     */
    @Override
    public ArrayBuilder add(int value) {
        return append(NumberValue.of(value));
    }

    /**
     * Appends a JSON number (JSON-P {@code JsonArrayBuilder.add(long)}).
     *
     * @param value the number
     * @return this builder
     */
    @Override
    public ArrayBuilder add(long value) {
        return append(NumberValue.of(value));
    }

    /**
     * Appends a JSON number, {@code BigDecimal.valueOf(value)} (JSON-P {@code JsonArrayBuilder.add(double)}).
     *
     * @param value the number
     * @return this builder
     * @throws NumberFormatException when {@code value} is NaN or infinite
     */
    @Override
    public ArrayBuilder add(double value) {
        return append(NumberValue.of(value));
    }

    /**
     * Appends {@link JsonValue#TRUE} or {@link JsonValue#FALSE} (JSON-P {@code JsonArrayBuilder.add(boolean)}).
     *
     * @param value the boolean
     * @return this builder
     */
    @Override
    public ArrayBuilder add(boolean value) {
        return append(Values.of(value));
    }

    /**
     * Appends {@link JsonValue#NULL} (JSON-P {@code JsonArrayBuilder.addNull()}).
     *
     * @return this builder
     */
    @Override
    public ArrayBuilder addNull() {
        return append(JsonValue.NULL);
    }

    /**
     * Appends the object {@code builder} builds now, which clears that builder (JSON-P
     * {@code JsonArrayBuilder.add(JsonObjectBuilder)}).
     *
     * @param builder the element's builder
     * @return this builder
     * @throws NullPointerException when {@code builder} is {@code null}
     */
    @Override
    public ArrayBuilder add(JsonObjectBuilder builder) {
        return append(built(builder));
    }

    /**
     * Appends the array {@code builder} builds now, which clears that builder (JSON-P
     * {@code JsonArrayBuilder.add(JsonArrayBuilder)}).
     *
     * @param builder the element's builder
     * @return this builder
     * @throws NullPointerException when {@code builder} is {@code null}
     */
    @Override
    public ArrayBuilder add(JsonArrayBuilder builder) {
        return append(built(builder));
    }

    /**
     * Appends every element of {@code builder}'s array, in order (JSON-P {@code JsonArrayBuilder.addAll}).
     * An {@code ArrayBuilder} (this one too) is read and left as it is; any other builder can only be
     * asked to {@code build()}, which may clear it.
     *
     * @param builder the elements' builder
     * @return this builder
     * @throws NullPointerException when {@code builder} is {@code null}
     */
    @Override
    public ArrayBuilder addAll(JsonArrayBuilder builder) {
        Objects.requireNonNull(builder, "builder");
        elements.addAll(builder instanceof ArrayBuilder ? ((ArrayBuilder) builder).elements : builder.build());
        return this;
    }

    // ---- inserting (JSON-P 1.1): index in [0, size]

    /**
     * Inserts {@code value} at {@code index}, shifting the element there and those after it one
     * place right (JSON-P {@code JsonArrayBuilder.add(int, JsonValue)}).
     *
     * @param index where, in {@code [0, size]} ({@code size} appends)
     * @param value the element
     * @return this builder
     * @throws NullPointerException when {@code value} is {@code null}
     * @throws IndexOutOfBoundsException when {@code index < 0 || index > size}
     */
    @Override
    public ArrayBuilder add(int index, JsonValue value) {
        return insert(index, value(value));
    }

    /**
     * Inserts a JSON string at {@code index} (JSON-P {@code JsonArrayBuilder.add(int, String)}).
     *
     * @param index where, in {@code [0, size]}
     * @param value the string
     * @return this builder
     * @throws NullPointerException when {@code value} is {@code null}
     * @throws IndexOutOfBoundsException when {@code index < 0 || index > size}
     */
    @Override
    public ArrayBuilder add(int index, String value) {
        return insert(index, new StringValue(value));
    }

    /**
     * Inserts a JSON number at {@code index} (JSON-P {@code JsonArrayBuilder.add(int, BigDecimal)}).
     *
     * @param index where, in {@code [0, size]}
     * @param value the number
     * @return this builder
     * @throws NullPointerException when {@code value} is {@code null}
     * @throws IndexOutOfBoundsException when {@code index < 0 || index > size}
     */
    @Override
    public ArrayBuilder add(int index, BigDecimal value) {
        return insert(index, NumberValue.of(value));
    }

    /**
     * Inserts a JSON number at {@code index} (JSON-P {@code JsonArrayBuilder.add(int, BigInteger)}).
     *
     * @param index where, in {@code [0, size]}
     * @param value the number
     * @return this builder
     * @throws NullPointerException when {@code value} is {@code null}
     * @throws IndexOutOfBoundsException when {@code index < 0 || index > size}
     */
    @Override
    public ArrayBuilder add(int index, BigInteger value) {
        return insert(index, NumberValue.of(value));
    }

    /**
     * Inserts a JSON number at {@code index} (JSON-P {@code JsonArrayBuilder.add(int, int)}).
     *
     * @param index where, in {@code [0, size]}
     * @param value the number
     * @return this builder
     * @throws IndexOutOfBoundsException when {@code index < 0 || index > size}
     */
    @Override
    public ArrayBuilder add(int index, int value) {
        return insert(index, NumberValue.of(value));
    }

    /**
     * Inserts a JSON number at {@code index} (JSON-P {@code JsonArrayBuilder.add(int, long)}).
     *
     * @param index where, in {@code [0, size]}
     * @param value the number
     * @return this builder
     * @throws IndexOutOfBoundsException when {@code index < 0 || index > size}
     */
    @Override
    public ArrayBuilder add(int index, long value) {
        return insert(index, NumberValue.of(value));
    }

    /**
     * Inserts a JSON number at {@code index} (JSON-P {@code JsonArrayBuilder.add(int, double)}).
     *
     * @param index where, in {@code [0, size]}
     * @param value the number
     * @return this builder
     * @throws NumberFormatException when {@code value} is NaN or infinite
     * @throws IndexOutOfBoundsException when {@code index < 0 || index > size}
     */
    @Override
    public ArrayBuilder add(int index, double value) {
        return insert(index, NumberValue.of(value));
    }

    /**
     * Inserts {@link JsonValue#TRUE} or {@link JsonValue#FALSE} at {@code index} (JSON-P
     * {@code JsonArrayBuilder.add(int, boolean)}).
     *
     * @param index where, in {@code [0, size]}
     * @param value the boolean
     * @return this builder
     * @throws IndexOutOfBoundsException when {@code index < 0 || index > size}
     */
    @Override
    public ArrayBuilder add(int index, boolean value) {
        return insert(index, Values.of(value));
    }

    /**
     * Inserts {@link JsonValue#NULL} at {@code index} (JSON-P {@code JsonArrayBuilder.addNull(int)}).
     *
     * @param index where, in {@code [0, size]}
     * @return this builder
     * @throws IndexOutOfBoundsException when {@code index < 0 || index > size}
     */
    @Override
    public ArrayBuilder addNull(int index) {
        return insert(index, JsonValue.NULL);
    }

    /**
     * Inserts the object {@code builder} builds at {@code index} (JSON-P
     * {@code JsonArrayBuilder.add(int, JsonObjectBuilder)}). The index is checked before the builder is built.
     *
     * @param index where, in {@code [0, size]}
     * @param builder the element's builder
     * @return this builder
     * @throws NullPointerException when {@code builder} is {@code null}
     * @throws IndexOutOfBoundsException when {@code index < 0 || index > size}
     */
    @Override
    public ArrayBuilder add(int index, JsonObjectBuilder builder) {
        Objects.requireNonNull(builder, "builder");
        checkPlace(index);
        return insert(index, builder.build());
    }

    /**
     * Inserts the array {@code builder} builds at {@code index} (JSON-P
     * {@code JsonArrayBuilder.add(int, JsonArrayBuilder)}). The index is checked before the builder is built.
     *
     * @param index where, in {@code [0, size]}
     * @param builder the element's builder
     * @return this builder
     * @throws NullPointerException when {@code builder} is {@code null}
     * @throws IndexOutOfBoundsException when {@code index < 0 || index > size}
     */
    @Override
    public ArrayBuilder add(int index, JsonArrayBuilder builder) {
        Objects.requireNonNull(builder, "builder");
        checkPlace(index);
        return insert(index, builder.build());
    }

    // ---- replacing (JSON-P 1.1): index in [0, size)

    /**
     * Replaces the element at {@code index} with {@code value} (JSON-P {@code JsonArrayBuilder.set(int, JsonValue)}).
     *
     * @param index which, in {@code [0, size)}
     * @param value the new element
     * @return this builder
     * @throws NullPointerException when {@code value} is {@code null}
     * @throws IndexOutOfBoundsException when {@code index < 0 || index >= size}
     */
    @Override
    public ArrayBuilder set(int index, JsonValue value) {
        return replace(index, value(value));
    }

    /**
     * Replaces the element at {@code index} with a JSON string (JSON-P {@code JsonArrayBuilder.set(int, String)}).
     *
     * @param index which, in {@code [0, size)}
     * @param value the string
     * @return this builder
     * @throws NullPointerException when {@code value} is {@code null}
     * @throws IndexOutOfBoundsException when {@code index < 0 || index >= size}
     */
    @Override
    public ArrayBuilder set(int index, String value) {
        return replace(index, new StringValue(value));
    }

    /**
     * Replaces the element at {@code index} with a JSON number (JSON-P {@code JsonArrayBuilder.set(int, BigDecimal)}).
     *
     * @param index which, in {@code [0, size)}
     * @param value the number
     * @return this builder
     * @throws NullPointerException when {@code value} is {@code null}
     * @throws IndexOutOfBoundsException when {@code index < 0 || index >= size}
     */
    @Override
    public ArrayBuilder set(int index, BigDecimal value) {
        return replace(index, NumberValue.of(value));
    }

    /**
     * Replaces the element at {@code index} with a JSON number (JSON-P {@code JsonArrayBuilder.set(int, BigInteger)}).
     *
     * @param index which, in {@code [0, size)}
     * @param value the number
     * @return this builder
     * @throws NullPointerException when {@code value} is {@code null}
     * @throws IndexOutOfBoundsException when {@code index < 0 || index >= size}
     */
    @Override
    public ArrayBuilder set(int index, BigInteger value) {
        return replace(index, NumberValue.of(value));
    }

    /**
     * Replaces the element at {@code index} with a JSON number (JSON-P {@code JsonArrayBuilder.set(int, int)}).
     *
     * @param index which, in {@code [0, size)}
     * @param value the number
     * @return this builder
     * @throws IndexOutOfBoundsException when {@code index < 0 || index >= size}
     */
    @Override
    public ArrayBuilder set(int index, int value) {
        return replace(index, NumberValue.of(value));
    }

    /**
     * Replaces the element at {@code index} with a JSON number (JSON-P {@code JsonArrayBuilder.set(int, long)}).
     *
     * @param index which, in {@code [0, size)}
     * @param value the number
     * @return this builder
     * @throws IndexOutOfBoundsException when {@code index < 0 || index >= size}
     */
    @Override
    public ArrayBuilder set(int index, long value) {
        return replace(index, NumberValue.of(value));
    }

    /**
     * Replaces the element at {@code index} with a JSON number (JSON-P {@code JsonArrayBuilder.set(int, double)}).
     *
     * @param index which, in {@code [0, size)}
     * @param value the number
     * @return this builder
     * @throws NumberFormatException when {@code value} is NaN or infinite
     * @throws IndexOutOfBoundsException when {@code index < 0 || index >= size}
     */
    @Override
    public ArrayBuilder set(int index, double value) {
        return replace(index, NumberValue.of(value));
    }

    /**
     * Replaces the element at {@code index} with {@link JsonValue#TRUE} or {@link JsonValue#FALSE}
     * (JSON-P {@code JsonArrayBuilder.set(int, boolean)}).
     *
     * @param index which, in {@code [0, size)}
     * @param value the boolean
     * @return this builder
     * @throws IndexOutOfBoundsException when {@code index < 0 || index >= size}
     */
    @Override
    public ArrayBuilder set(int index, boolean value) {
        return replace(index, Values.of(value));
    }

    /**
     * Replaces the element at {@code index} with {@link JsonValue#NULL} (JSON-P {@code JsonArrayBuilder.setNull(int)}).
     *
     * @param index which, in {@code [0, size)}
     * @return this builder
     * @throws IndexOutOfBoundsException when {@code index < 0 || index >= size}
     */
    @Override
    public ArrayBuilder setNull(int index) {
        return replace(index, JsonValue.NULL);
    }

    /**
     * Replaces the element at {@code index} with the object {@code builder} builds (JSON-P
     * {@code JsonArrayBuilder.set(int, JsonObjectBuilder)}). The index is checked before the builder is built.
     *
     * @param index which, in {@code [0, size)}
     * @param builder the new element's builder
     * @return this builder
     * @throws NullPointerException when {@code builder} is {@code null}
     * @throws IndexOutOfBoundsException when {@code index < 0 || index >= size}
     */
    @Override
    public ArrayBuilder set(int index, JsonObjectBuilder builder) {
        Objects.requireNonNull(builder, "builder");
        checkElement(index);
        return replace(index, builder.build());
    }

    /**
     * Replaces the element at {@code index} with the array {@code builder} builds (JSON-P
     * {@code JsonArrayBuilder.set(int, JsonArrayBuilder)}). The index is checked before the builder is built.
     *
     * @param index which, in {@code [0, size)}
     * @param builder the new element's builder
     * @return this builder
     * @throws NullPointerException when {@code builder} is {@code null}
     * @throws IndexOutOfBoundsException when {@code index < 0 || index >= size}
     */
    @Override
    public ArrayBuilder set(int index, JsonArrayBuilder builder) {
        Objects.requireNonNull(builder, "builder");
        checkElement(index);
        return replace(index, builder.build());
    }

    /**
     * Removes the element at {@code index}, shifting those after it one place left (JSON-P
     * {@code JsonArrayBuilder.remove(int)}).
     *
     * @param index which, in {@code [0, size)}
     * @return this builder
     * @throws IndexOutOfBoundsException when {@code index < 0 || index >= size}
     */
    @Override
    public ArrayBuilder remove(int index) {
        checkElement(index);
        elements.remove(index);
        return this;
    }

    /**
     * The array built so far (JSON-P {@code JsonArrayBuilder.build()}). As the reference
     * implementation does and as {@code JsonObjectBuilder.build()} says of objects, the builder is
     * cleared: it is empty afterwards and stays usable, and what is added later does not change the
     * returned array.
     *
     * @return an immutable array
     */
    @Override
    public JsonArray build() {
        ArrayValue built = new ArrayValue(elements);
        elements = new ArrayList<>();
        return built;
    }

    /** @return the compact JSON text of the array built so far (for debugging; the builder is not cleared) */
    @Override
    public String toString() {
        return ValueText.of(new ArrayValue(elements));
    }
}
