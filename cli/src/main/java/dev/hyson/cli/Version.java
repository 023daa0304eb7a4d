package dev.hyson.cli;

import dev.hyson.Backend;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/** What {@code hyson --version} prints: the tool's version and the backend a command would use. */
final class Version {
    private static final String POM_PROPERTIES = "/META-INF/maven/dev.hyson/hyson-cli/pom.properties";

    private Version() {
    }

    /** @return the lines to print */
    static List<String> lines(Context ctx) {
        List<String> lines = new ArrayList<>();
        lines.add("hyson " + version());
        Backend.Choice choice = ReaderOptions.fromEnv(ctx.env);
        Backend b = choice == null ? Backend.active() : Backend.of(choice);
        if (!b.isAvailable()) {
            lines.add("backend: " + b.requested() + " unavailable: " + b.fallbackReason().or(b::error).orElse("unknown reason"));
            return lines;
        }
        lines.add("backend: " + b.name() + " (" + b.kernel() + ")");
        b.kernelChoice().ifPresent(why -> lines.add("kernel: " + why));
        b.fallbackReason().ifPresent(why -> lines.add("native not used: "
                + (choice == Backend.Choice.JAVA
                        ? "java backend requested (" + ReaderOptions.BACKEND_ENV + "=" + ctx.env.get(ReaderOptions.BACKEND_ENV) + ")"
                        : why)));
        return lines;
    }

    /**
     * @return the jar manifest's {@code Implementation-Version}, else the version Maven recorded in
     *     the jar's {@code pom.properties}, else {@code dev} (classes run from a build directory)
     */
    static String version() {
        String v = Version.class.getPackage().getImplementationVersion();
        if (v != null && !v.isBlank()) {
            return v;
        }
        try (InputStream in = Version.class.getResourceAsStream(POM_PROPERTIES)) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                v = p.getProperty("version");
                if (v != null && !v.isBlank()) {
                    return v;
                }
            }
        } catch (IOException e) {
            // fall through to "dev"
        }
        return "dev";
    }
}
