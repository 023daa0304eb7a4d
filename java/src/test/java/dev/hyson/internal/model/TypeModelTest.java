package dev.hyson.internal.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.CharBuffer;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

class TypeModelTest {
    private record Point(int x, String label) {
    }

    private record Empty() {
    }

    private record Failing(int v) {
        @Override
        public int v() {
            throw new IllegalStateException("no v");
        }
    }

    private enum Color { RED }

    private static final class OddNumber extends Number {
        private static final long serialVersionUID = 1L;

        @Override
        public int intValue() {
            return 0;
        }

        @Override
        public long longValue() {
            return 0;
        }

        @Override
        public float floatValue() {
            return 0;
        }

        @Override
        public double doubleValue() {
            return 0;
        }
    }

    private static void assertKind(Kind expected, Class<?>... types) {
        for (Class<?> type : types) {
            assertEquals(expected, TypeInfo.of(type).kind(), type.getName());
        }
    }

    @Test
    void of_scalarClasses_haveTheirKinds() {
        assertKind(Kind.STRING, String.class);
        assertKind(Kind.CHAR_SEQUENCE, StringBuilder.class, CharBuffer.class);
        assertKind(Kind.BOOLEAN, Boolean.class);
        assertKind(Kind.CHARACTER, Character.class);
        assertKind(Kind.INTEGER, Long.class, Integer.class, Short.class, Byte.class, AtomicInteger.class,
                AtomicLong.class, LongAdder.class);
        assertKind(Kind.DOUBLE, Double.class, DoubleAdder.class);
        assertKind(Kind.FLOAT, Float.class);
        assertKind(Kind.BIG_INTEGER, BigInteger.class);
        assertKind(Kind.BIG_DECIMAL, BigDecimal.class);
        assertKind(Kind.NUMBER, OddNumber.class);
        assertKind(Kind.ENUM, Color.class);
        assertKind(Kind.INSTANT, Instant.class);
        assertKind(Kind.TIME, LocalDate.class, Duration.class);
        assertKind(Kind.UUID, UUID.class);
        assertKind(Kind.UNSUPPORTED, Object.class, Thread.class);
    }

    @Test
    void of_containerClasses_haveTheirKinds() {
        assertKind(Kind.MAP, LinkedHashMap.class, HashMap.class, TreeMap.class, ConcurrentHashMap.class,
                Collections.emptyMap().getClass());
        assertKind(Kind.LIST, ArrayList.class, List.of(1).getClass(), Collections.singletonList(1).getClass());
        assertKind(Kind.ITERABLE, LinkedList.class, ArrayDeque.class, HashSet.class);
        assertKind(Kind.CHAR_ARRAY, char[].class);
        assertKind(Kind.BYTE_ARRAY, byte[].class);
        assertKind(Kind.PRIMITIVE_ARRAY, int[].class, long[].class, short[].class, double[].class, float[].class,
                boolean[].class);
        assertKind(Kind.OBJECT_ARRAY, Object[].class, String[].class, int[][].class);
        assertKind(Kind.OPTIONAL, Optional.class);
        assertKind(Kind.OPTIONAL_INT, OptionalInt.class);
        assertKind(Kind.OPTIONAL_LONG, OptionalLong.class);
        assertKind(Kind.OPTIONAL_DOUBLE, OptionalDouble.class);
        assertKind(Kind.RECORD, Point.class, Empty.class);
    }

    @Test
    void kindOf_values_nullIncluded() {
        assertEquals(Kind.NULL, TypeInfo.kindOf(null));
        assertEquals(Kind.STRING, TypeInfo.kindOf("a"));
        assertEquals(Kind.MAP, TypeInfo.kindOf(Map.of()));
        assertEquals(Kind.INTEGER, TypeInfo.kindOf(7));
    }

    @Test
    void of_isCachedPerClass() {
        assertSame(TypeInfo.of(Point.class), TypeInfo.of(Point.class));
        assertSame(String.class, TypeInfo.of(String.class).type());
        assertEquals(0, TypeInfo.of(String.class).componentCount());
        assertNull(TypeInfo.of(String.class).accessProblem());
    }

    @Test
    void component_privateRecord_readsInDeclarationOrder() {
        TypeInfo info = TypeInfo.of(Point.class);
        assertNull(info.accessProblem());
        assertEquals(2, info.componentCount());
        assertEquals("x", info.componentName(0));
        assertEquals("label", info.componentName(1));
        Point p = new Point(3, "three");
        assertEquals(3, info.component(p, 0));
        assertEquals("three", info.component(p, 1));
        assertEquals(0, TypeInfo.of(Empty.class).componentCount());
    }

    @Test
    void component_throwingAccessor_throwsAsItIs() {
        TypeInfo info = TypeInfo.of(Failing.class);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> info.component(new Failing(1), 0));
        assertEquals("no v", e.getMessage());
    }

    @Test
    void accessProblem_recordInPackageNotOpen_explains() throws ClassNotFoundException {
        // a record of java.base in a package that module does not open (nor export) to hyson
        Class<?> hidden = Class.forName("sun.nio.ch.IOUtil$Releaser");
        TypeInfo info = TypeInfo.of(hidden);
        assertEquals(Kind.RECORD, info.kind());
        assertEquals(0, info.componentCount());
        String problem = info.accessProblem();
        assertTrue(problem.startsWith("cannot read record component "), problem);
        assertTrue(problem.contains("of sun.nio.ch.IOUtil$Releaser: package sun.nio.ch of module java.base is not open"),
                problem);
    }
}
