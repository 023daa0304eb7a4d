package dev.hyson.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.hyson.JsonParseException;
import dev.hyson.JsonReader;
import dev.hyson.fuzz.Support.Outcome;
import dev.hyson.stream.JsonLines;
import dev.hyson.stream.LineError;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * JSON Lines: {@code lines().onError(...).read(...)} (over the array, or a stream of fuzzed read
 * sizes) against {@code parse} of each line on its own: the same values, and for each bad line a
 * {@link LineError} with the line's number and offset whose exception is the per-line one moved
 * into the whole input (offset plus the line's, same kind and column). Also {@code validate} (the
 * count of good lines) and the default fail policy (the first bad line's error is thrown).
 */
class LinesFuzzTest {
    @FuzzTest
    void lines(FuzzedDataProvider data) {
        int bits = data.consumeInt();
        boolean stream = data.consumeBoolean();
        int[] sizes = Support.chunkSizes(data);
        byte[] input = data.consumeRemainingAsBytes();
        JsonReader reader = Support.options(bits)
                .backend(Support.BACKENDS.get(Math.floorMod(bits >> 16, Support.BACKENDS.size()))).build();

        List<Object> expected = new ArrayList<>();
        long good = 0;
        int lineNo = 0;
        for (int start = 0; start < input.length; ) {
            int lf = start;
            while (lf < input.length && input[lf] != '\n') {
                lf++;
            }
            // a CR before the LF, or ending the input, belongs to the line end
            int end = lf > start && input[lf - 1] == '\r' ? lf - 1 : lf;
            lineNo++;
            if (!blank(input, start, end)) {
                byte[] line = Arrays.copyOfRange(input, start, end);
                Outcome o = Outcome.of(() -> reader.parse(line)).requireParseOutcome("line parse");
                if (o.failed()) {
                    JsonParseException e = (JsonParseException) o.error();
                    expected.add(new Expected(lineNo, start, e.kind(), start + e.offset(), e.column()));
                } else {
                    expected.add(new Value(o.value()));
                    good++;
                }
            }
            start = lf + 1;
        }

        List<Object> got = new ArrayList<>();
        JsonLines lines = reader.lines().onError(err -> got.add(err));
        Outcome read = Outcome.of(() -> {
            try (Stream<Object> s = stream ? lines.read(Support.chunked(input, sizes)) : lines.read(input)) {
                s.forEach(v -> got.add(new Value(v)));
            }
            return null;
        }).requireParseOutcome("lines");
        if (read.failed()) {
            throw new AssertionError("lines with an error handler threw", read.error());
        }
        if (got.size() != expected.size()) {
            throw new AssertionError("lines: " + got.size() + " results, per-line parse " + expected.size() + ": " + got + " vs " + expected);
        }
        for (int i = 0; i < got.size(); i++) {
            Object e = expected.get(i);
            Object g = got.get(i);
            if (e instanceof Value ev) {
                if (!(g instanceof Value gv) || !Support.deepEquals(ev.value, gv.value)) {
                    throw new AssertionError("result " + i + ": expected " + e + ", got " + g);
                }
            } else if (!(g instanceof LineError le) || !((Expected) e).matches(le)) {
                throw new AssertionError("result " + i + ": expected " + e + ", got " + describe(g));
            }
        }

        Outcome validated = Outcome.of(() -> reader.lines().onError(err -> { }).validate(input)).requireParseOutcome("validate");
        if (validated.failed() || !validated.value().equals(good)) {
            throw new AssertionError("validate gave " + Support.describe(validated) + ", expected " + good + " good lines");
        }

        Expected firstBad = (Expected) expected.stream().filter(Expected.class::isInstance).findFirst().orElse(null);
        List<Object> before = new ArrayList<>();
        Outcome strict = Outcome.of(() -> {
            try (Stream<Object> s = reader.lines().read(input)) {
                s.forEach(before::add);
            }
            return null;
        }).requireParseOutcome("strict lines");
        if (firstBad == null ? strict.failed() : !strict.failed() || !firstBad.matches((JsonParseException) strict.error())) {
            throw new AssertionError("fail policy: expected " + firstBad + ", got " + Support.describe(strict), strict.error());
        }
        int goodBefore = expected.indexOf(firstBad) < 0 ? expected.size() : expected.indexOf(firstBad);
        if (before.size() != goodBefore) {
            throw new AssertionError("fail policy delivered " + before.size() + " values before the error, expected " + goodBefore);
        }
    }

    private static boolean blank(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != ' ' && b[i] != '\t' && b[i] != '\r') {
                return false;
            }
        }
        return true;
    }

    private static String describe(Object g) {
        return g instanceof LineError le
                ? "LineError(" + le.line() + ", " + le.offset() + ", " + le.exception().kind() + "@" + le.exception().offset()
                        + " col " + le.exception().column() + ": " + le.exception().getMessage() + ")"
                : String.valueOf(g);
    }

    private record Value(Object value) { }

    private record Expected(long line, long lineOffset, JsonParseException.Kind kind, long offset, long column) {
        boolean matches(LineError e) {
            return e.line() == line && e.offset() == lineOffset && matches(e.exception());
        }

        boolean matches(JsonParseException e) {
            return e.kind() == kind && e.offset() == offset && e.line() == line && e.column() == column;
        }
    }
}
