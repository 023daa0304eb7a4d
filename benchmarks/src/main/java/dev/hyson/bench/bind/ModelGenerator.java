package dev.hyson.bench.bind;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Makes {@link Users} and {@link Clients} documents from a fixed seed, so every run and every
 * library sees the same values. One user or client is about 1 KB of compact JSON; the sizes the
 * benchmarks use are {@link #USERS_1K}, {@link #USERS_100K}, {@link #CLIENTS_1K} and
 * {@link #CLIENTS_100K} elements. The text is mostly ASCII, with a few accented names as in real
 * data; numbers have the shapes of the java-json-benchmark documents (coordinates with six
 * decimals, balances with two).
 */
public final class ModelGenerator {
    /** The seed of every document. */
    public static final long SEED = 0x6879736f6eL;
    /** Users in the {@code users-1k} document (about 1 KB). */
    public static final int USERS_1K = 1;
    /** Users in the {@code users-100k} document (about 100 KB). */
    public static final int USERS_100K = 100;
    /** Clients in the {@code clients-1k} document (about 1 KB). */
    public static final int CLIENTS_1K = 1;
    /** Clients in the {@code clients-100k} document (about 100 KB). */
    public static final int CLIENTS_100K = 100;

    private static final String[] FIRST = {"Alice", "Bruno", "Chloé", "Dmitri", "Elena", "Farid", "Grace", "Hugo",
        "Inès", "Jonas", "Keiko", "Liam", "Maja", "Nikolai", "Olivia", "Pablo", "Quinn", "Rosa", "Søren", "Tariq",
        "Ursula", "Viktor", "Wanda", "Xavier", "Yara", "Zoë"};
    private static final String[] LAST = {"Anderson", "Barros", "Castillo", "Dubois", "Eriksen", "Fischer", "García",
        "Hansen", "Ivanova", "Jensen", "Kowalski", "López", "Moreau", "Nakamura", "O'Brien", "Petrov", "Quintero",
        "Rossi", "Schmidt", "Tanaka", "Urban", "Vargas", "Weber", "Xu", "Young", "Zimmermann"};
    private static final String[] WORDS = {"lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing",
        "elit", "sed", "do", "eiusmod", "tempor", "incididunt", "ut", "labore", "et", "dolore", "magna", "aliqua",
        "enim", "ad", "minim", "veniam", "quis", "nostrud", "exercitation", "ullamco", "laboris", "nisi",
        "aliquip", "ex", "ea", "commodo", "consequat", "duis", "aute", "irure", "in", "reprehenderit",
        "voluptate", "velit", "esse", "cillum", "fugiat", "nulla", "pariatur", "excepteur", "sint", "occaecat",
        "cupidatat", "non", "proident", "sunt", "culpa", "qui", "officia", "deserunt", "mollit", "anim", "id",
        "est", "laborum"};
    private static final String[] COMPANIES = {"ACME", "ZENTRY", "QUILITY", "VORTEXACO", "MEDIOT", "ISOLOGIX",
        "PLASMOSIS", "KINETICUT", "NETBOOK", "GEEKOLA", "COMTRAIL", "OVOLO", "EXOSPACE", "TERRAGEN"};
    private static final String[] STREETS = {"Seagate Terrace", "Hubbard Place", "Montague Street", "Oriental Court",
        "Lincoln Avenue", "Gerald Court", "Pierrepont Place", "Ridgewood Avenue", "Vandam Street", "Kent Avenue"};
    private static final String[] CITIES = {"Springdale", "Riverton", "Lakeview", "Fairmount", "Ashford",
        "Brookside", "Cedar Falls", "Dunmore", "Elmwood", "Glenwood"};
    private static final String[] STATES = {"Alabama", "Colorado", "Georgia", "Idaho", "Maine", "Nevada", "Ohio",
        "Oregon", "Texas", "Utah", "Vermont", "Wyoming"};
    private static final String[] EYES = {"brown", "blue", "green"};
    private static final String[] FRUITS = {"apple", "banana", "strawberry", "cherry", "mango"};
    private static final ZoneOffset[] OFFSETS = {ZoneOffset.UTC, ZoneOffset.ofHours(2), ZoneOffset.ofHours(-5),
        ZoneOffset.ofHoursMinutes(5, 30), ZoneOffset.ofHours(9), ZoneOffset.ofHours(-8)};

    private ModelGenerator() {
    }

    /**
     * @param count how many users
     * @return a document of {@code count} users, the same for the same count
     */
    public static Users users(int count) {
        SplittableRandom r = new SplittableRandom(SEED);
        List<Users.User> users = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String name = name(r);
            String company = pick(r, COMPANIES);
            List<Users.Friend> friends = new ArrayList<>();
            for (int f = 0; f < 3; f++) {
                friends.add(new Users.Friend(f, name(r)));
            }
            int unread = r.nextInt(1, 20);
            users.add(new Users.User(
                    hex(r, 24),
                    i,
                    new UUID(r.nextLong(), r.nextLong()).toString(),
                    r.nextBoolean(),
                    String.format(Locale.ROOT, "$%,.2f", r.nextInt(100_000, 400_000) / 100.0),
                    "http://placehold.it/32x32",
                    r.nextInt(20, 61),
                    pick(r, EYES),
                    name,
                    r.nextBoolean() ? "male" : "female",
                    company,
                    email(name, company),
                    phone(r),
                    address(r),
                    words(r, 40, 60),
                    OffsetDateTime.of(dateTime(r), pick(r, OFFSETS)).toString().replace('T', ' '),
                    coordinate(r, 90),
                    coordinate(r, 180),
                    List.of(words(r, 7, 7).split(" ")),
                    friends,
                    "Hello, " + name + "! You have " + unread + " unread messages.",
                    pick(r, FRUITS)));
        }
        return new Users(users);
    }

    /**
     * @param count how many clients
     * @return a document of {@code count} clients, the same for the same count
     */
    public static Clients clients(int count) {
        SplittableRandom r = new SplittableRandom(SEED);
        List<Clients.Client> clients = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String name = name(r);
            String company = pick(r, COMPANIES);
            String[] emails = new String[r.nextInt(1, 4)];
            for (int e = 0; e < emails.length; e++) {
                emails[e] = email(name, e == 0 ? company : pick(r, COMPANIES));
            }
            long[] phones = new long[r.nextInt(1, 4)];
            for (int p = 0; p < phones.length; p++) {
                phones[p] = r.nextLong(1_000_000_000L, 10_000_000_000L);
            }
            List<Clients.Partner> partners = new ArrayList<>();
            int partnerCount = r.nextInt(1, 4);
            for (int p = 0; p < partnerCount; p++) {
                partners.add(new Clients.Partner(r.nextLong(1, 1L << 40), pick(r, COMPANIES) + " " + pick(r, LAST),
                        OffsetDateTime.of(dateTime(r), pick(r, OFFSETS))));
            }
            clients.add(new Clients.Client(
                    r.nextLong(1L << 32, 1L << 52),
                    i,
                    new UUID(r.nextLong(), r.nextLong()),
                    r.nextBoolean(),
                    // every tenth balance is whole ("1234.00"): the scale a binder may drop
                    BigDecimal.valueOf(i % 10 == 0 ? r.nextLong(1_000, 100_000) * 100
                            : r.nextLong(100_000, 10_000_000), 2),
                    "http://placehold.it/32x32",
                    r.nextInt(20, 61),
                    Clients.EyeColor.values()[r.nextInt(3)],
                    name,
                    r.nextBoolean() ? "male" : "female",
                    company,
                    emails,
                    phones,
                    address(r),
                    words(r, 30, 45),
                    LocalDate.ofEpochDay(r.nextInt(13_000, 20_000)),
                    OffsetDateTime.of(dateTime(r).withNano(r.nextInt(1000) * 1_000_000), pick(r, OFFSETS)),
                    coordinate(r, 90),
                    coordinate(r, 180),
                    words(r, 6, 6).split(" "),
                    partners));
        }
        return new Clients(clients);
    }

    private static String pick(SplittableRandom r, String[] from) {
        return from[r.nextInt(from.length)];
    }

    private static ZoneOffset pick(SplittableRandom r, ZoneOffset[] from) {
        return from[r.nextInt(from.length)];
    }

    private static String name(SplittableRandom r) {
        return pick(r, FIRST) + " " + pick(r, LAST);
    }

    private static String email(String name, String company) {
        String local = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
        return local + "@" + company.toLowerCase(Locale.ROOT) + ".com";
    }

    private static String hex(SplittableRandom r, int digits) {
        StringBuilder sb = new StringBuilder(digits);
        for (int i = 0; i < digits; i++) {
            sb.append(Character.forDigit(r.nextInt(16), 16));
        }
        return sb.toString();
    }

    private static String phone(SplittableRandom r) {
        return String.format(Locale.ROOT, "+1 (%03d) %03d-%04d", r.nextInt(200, 1000), r.nextInt(200, 1000),
                r.nextInt(10_000));
    }

    private static String address(SplittableRandom r) {
        return r.nextInt(1, 1000) + " " + pick(r, STREETS) + ", " + pick(r, CITIES) + ", " + pick(r, STATES) + ", "
                + r.nextInt(10_000, 100_000);
    }

    private static String words(SplittableRandom r, int min, int max) {
        int n = min == max ? min : r.nextInt(min, max + 1);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(pick(r, WORDS));
        }
        return sb.toString();
    }

    private static LocalDateTime dateTime(SplittableRandom r) {
        return LocalDateTime.ofEpochSecond(r.nextLong(1_000_000_000L, 1_700_000_000L), 0, ZoneOffset.UTC);
    }

    /** @return a value in [-limit, limit] with six decimals, as such coordinates are written */
    private static double coordinate(SplittableRandom r, int limit) {
        return r.nextLong(-limit * 1_000_000L, limit * 1_000_000L + 1) / 1e6;
    }
}
