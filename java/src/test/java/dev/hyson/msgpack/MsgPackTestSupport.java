package dev.hyson.msgpack;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Shared helpers: hex, the shared folder, value comparison that treats numbers by value. */
final class MsgPackTestSupport {
    private MsgPackTestSupport() {
    }

    static byte[] hex(String s) {
        String h = s.replace("-", "").replace(" ", "");
        byte[] b = new byte[h.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }

    static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (byte x : b) {
            if (sb.length() > 0) {
                sb.append('-');
            }
            sb.append(String.format("%02x", x & 0xFF));
        }
        return sb.toString();
    }

    /** The shared folder from {@code -Dhyson.shared}, or ../shared, ../../shared. */
    static Optional<Path> shared() {
        String p = System.getProperty("hyson.shared");
        List<Path> tries = p != null && !p.isBlank() ? List.of(Path.of(p)) : List.of(Path.of("..", "shared"), Path.of("..", "..", "shared"));
        for (Path t : tries) {
            if (Files.isDirectory(t)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    /** Equal as values: numbers compared by their exact decimal value, byte[] by content. */
    static boolean same(Object a, Object b) {
        if (a instanceof Number && b instanceof Number) {
            return toDecimal((Number) a).compareTo(toDecimal((Number) b)) == 0;
        }
        if (a instanceof byte[] && b instanceof byte[]) {
            return java.util.Arrays.equals((byte[]) a, (byte[]) b);
        }
        if (a instanceof List && b instanceof List) {
            List<?> x = (List<?>) a;
            List<?> y = (List<?>) b;
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!same(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Map && b instanceof Map) {
            Map<?, ?> x = (Map<?, ?>) a;
            Map<?, ?> y = (Map<?, ?>) b;
            if (x.size() != y.size()) {
                return false;
            }
            for (Map.Entry<?, ?> e : x.entrySet()) {
                if (!y.containsKey(e.getKey()) || !same(e.getValue(), y.get(e.getKey()))) {
                    return false;
                }
            }
            return true;
        }
        return java.util.Objects.equals(a, b);
    }

    private static BigDecimal toDecimal(Number n) {
        if (n instanceof BigInteger) {
            return new BigDecimal((BigInteger) n);
        }
        if (n instanceof Long || n instanceof Integer) {
            return BigDecimal.valueOf(n.longValue());
        }
        return new BigDecimal(n.doubleValue());
    }
}
