package dev.hyson.internal.bind;

import dev.hyson.bind.Name;

/** An enum: a string, the constant's name or its {@link Name}, matched on the input's bytes. */
final class EnumCodec extends TapeCodec<Object> {
    private final Class<?> type;
    private final Object[] constants;
    private final String[] names;
    private final NameTable table;

    EnumCodec(Class<?> type) {
        this.type = type;
        this.constants = type.getEnumConstants();
        this.names = names(type);
        int[] codes = new int[constants.length];
        for (int k = 0; k < codes.length; k++) {
            codes[k] = k;
        }
        this.table = new NameTable(names, codes);
    }

    /** The strings of {@code type}'s constants, in ordinal order. */
    static String[] names(Class<?> type) {
        Object[] constants = type.getEnumConstants();
        String[] names = new String[constants.length];
        for (int k = 0; k < constants.length; k++) {
            String name = ((Enum<?>) constants[k]).name();
            try {
                Name n = type.getField(name).getAnnotation(Name.class);
                names[k] = n != null ? n.value() : name;
            } catch (NoSuchFieldException e) {
                names[k] = name;
            }
        }
        java.util.Set<String> distinct = new java.util.HashSet<>();
        for (String n : names) {
            if (!distinct.add(n)) {
                throw new IllegalArgumentException("cannot bind " + type.getName() + ": two constants have the name \"" + n
                        + "\"; give one another @Name");
            }
        }
        return names;
    }

    String nameOf(Enum<?> constant) {
        return names[constant.ordinal()];
    }

    @Override
    public Object read(TapeReader r) {
        if (!TapeReader.isString(r.tag())) {
            throw r.mismatch("a string (" + type.getSimpleName() + ")");
        }
        int at = r.i;
        int k = table.match(r, -1);
        if (k < 0) {
            throw r.failAt(BindFailure.Problem.UNKNOWN_ENUM_CONSTANT, at, "\"" + Scalars.clip(NameTable.text(r, at))
                    + "\" is not a constant of " + type.getName() + " (one of " + String.join(", ", names) + ")", null);
        }
        return constants[k];
    }

    @Override
    public String describe() {
        return type.getSimpleName();
    }
}
