package dev.hyson.bind;

import dev.hyson.TypeRef;
import dev.hyson.internal.bind.BinderAccess;
import dev.hyson.internal.bind.Codecs;
import java.lang.reflect.Type;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How Java types are bound to JSON and MessagePack: the options and user codecs that every
 * {@code JsonReader.read}, {@code JsonWriter.write} and {@code MessagePackFactory} call made with
 * it shares, and the cache of the codecs it builds. Give one to
 * {@code JsonReader.Builder.binder}, {@code JsonWriter.Builder.binder} and
 * {@code MessagePackFactory.Builder.binder}; without one they use {@link #defaults()}.
 *
 * <p>A binder builds the codec of each type once, on first use, from method handles (a record's
 * canonical constructor and accessors, a class's creator, setters and fields), and keeps it in a
 * {@link ClassValue} (a generic type: in a concurrent map): nothing is looked up reflectively per
 * value. Immutable and thread-safe; keep one per configuration and share it, since each binder has
 * its own cache.
 *
 * <p>Defaults: names as declared, unknown members skipped, an empty {@code Optional} written as
 * null, no user codecs.
 */
public final class Binder {
    static {
        BinderAccess.install(b -> b.codecs);
    }

    private static final Binder DEFAULT = builder().build();

    private final Naming naming;
    private final boolean failOnUnknownMembers;
    private final boolean omitEmptyOptionals;
    private final boolean omitNulls;
    private final boolean generatedCodecs;
    private final Map<Type, Codec<?>> userCodecs;
    private final Codecs codecs;

    private Binder(Builder b) {
        this.naming = b.naming;
        this.failOnUnknownMembers = b.failOnUnknownMembers;
        this.omitEmptyOptionals = b.omitEmptyOptionals;
        this.omitNulls = b.omitNulls;
        this.generatedCodecs = b.generatedCodecs;
        this.userCodecs = Map.copyOf(b.userCodecs);
        this.codecs = new Codecs(this);
    }

    /** @return the binder with the default options (shared) */
    public static Binder defaults() {
        return DEFAULT;
    }

    /** @return a builder with the default options */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder with this binder's options and codecs */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.naming = naming;
        b.failOnUnknownMembers = failOnUnknownMembers;
        b.omitEmptyOptionals = omitEmptyOptionals;
        b.omitNulls = omitNulls;
        b.generatedCodecs = generatedCodecs;
        b.userCodecs.putAll(userCodecs);
        return b;
    }

    /** @return how Java names become member names */
    public Naming naming() {
        return naming;
    }

    /** @return whether a member no property of the type has is an error (else it is skipped) */
    public boolean failOnUnknownMembers() {
        return failOnUnknownMembers;
    }

    /** @return whether an empty {@code Optional} (and {@code OptionalInt}, ...) property is left out when written (else written as null) */
    public boolean omitEmptyOptionals() {
        return omitEmptyOptionals;
    }

    /** @return whether a null property is left out when written (else written as null) */
    public boolean omitNulls() {
        return omitNulls;
    }

    /**
     * @return whether records and classes are written through code generated per type (the default)
     *     rather than by interpreting their model; see {@link Builder#generatedCodecs}
     */
    public boolean generatedCodecs() {
        return generatedCodecs;
    }

    /**
     * @param type a type
     * @return the user codec registered for exactly {@code type}, or null
     */
    public Codec<?> codecFor(Type type) {
        return userCodecs.get(type);
    }

    /** @return whether any user codec is registered */
    public boolean hasCodecs() {
        return !userCodecs.isEmpty();
    }

    /** Collects options for a {@link Binder}; not thread-safe. */
    public static final class Builder {
        private Naming naming = Naming.AS_DECLARED;
        private boolean failOnUnknownMembers;
        private boolean omitEmptyOptionals;
        private boolean omitNulls;
        private boolean generatedCodecs = !"false".equals(System.getProperty("hyson.codegen"));
        private final Map<Type, Codec<?>> userCodecs = new LinkedHashMap<>();

        private Builder() {
        }

        /**
         * @param naming how Java names become member names where {@link Name} gives none (default {@link Naming#AS_DECLARED})
         * @return this builder
         */
        public Builder naming(Naming naming) {
            this.naming = Objects.requireNonNull(naming, "naming");
            return this;
        }

        /**
         * @param fail whether a member the type does not have is an error of kind
         *     {@code UNKNOWN_MEMBER} (default false: it is skipped without being decoded)
         * @return this builder
         */
        public Builder failOnUnknownMembers(boolean fail) {
            this.failOnUnknownMembers = fail;
            return this;
        }

        /**
         * @param omit whether an empty {@code Optional}, {@code OptionalInt}, {@code OptionalLong} or
         *     {@code OptionalDouble} property is left out when written (default false: written as null).
         *     Either form reads back as empty.
         * @return this builder
         */
        public Builder omitEmptyOptionals(boolean omit) {
            this.omitEmptyOptionals = omit;
            return this;
        }

        /**
         * @param omit whether a null property is left out when written (default false: written as null)
         * @return this builder
         */
        public Builder omitNulls(boolean omit) {
            this.omitNulls = omit;
            return this;
        }

        /**
         * Whether a record or class is written through a writer generated for its type, at run time,
         * on first use (default true, or false when the system property {@code hyson.codegen} is
         * {@code false}): a hidden class ({@code MethodHandles.Lookup.defineHiddenClass}) in hyson's
         * own package, with the member names as constants and each property read by a direct call
         * of its accessor, getter or field. It needs no {@code Unsafe}, {@code --add-opens} or
         * {@code setAccessible}, and works on the class path and the module path alike. False
         * forces the interpreter, which walks the same model property by property; so does any
         * runtime that cannot define classes (a GraalVM native image), without an error. Both write
         * the same bytes.
         *
         * @param generated whether to generate code per type
         * @return this builder
         */
        public Builder generatedCodecs(boolean generated) {
            this.generatedCodecs = generated;
            return this;
        }

        /**
         * Registers the codec that reads and writes values of exactly {@code type} (not its subclasses).
         *
         * @param type the type
         * @param codec its codec, thread-safe
         * @param <T> the type
         * @return this builder
         */
        public <T> Builder codec(Class<T> type, Codec<T> codec) {
            userCodecs.put(Objects.requireNonNull(type, "type"), Objects.requireNonNull(codec, "codec"));
            return this;
        }

        /**
         * Registers the codec of a generic type, such as {@code new TypeRef<Range<Integer>>() {}}.
         *
         * @param type the type
         * @param codec its codec, thread-safe
         * @param <T> the type
         * @return this builder
         */
        public <T> Builder codec(TypeRef<T> type, Codec<T> codec) {
            userCodecs.put(Objects.requireNonNull(type, "type").type(), Objects.requireNonNull(codec, "codec"));
            return this;
        }

        /** @return the binder */
        public Binder build() {
            return new Binder(this);
        }
    }
}
