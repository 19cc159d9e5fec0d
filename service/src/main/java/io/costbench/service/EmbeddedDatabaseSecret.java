package io.costbench.service;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Keeps the embedded H2 database private: its folder is readable by the service's user only (700, files 600), and
 * it has a generated password (kept in {@code <data-dir>/h2-password}, 600) instead of {@code sa} with an empty one.
 * A database created before with the empty password is given the generated one on the first start. Only for the
 * default file database with no password configured; PostgreSQL and explicit settings are left alone.
 */
public class EmbeddedDatabaseSecret implements EnvironmentPostProcessor {

    static final String PASSWORD_FILE = "h2-password";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        String url = environment.getProperty("spring.datasource.url", "");
        String password = environment.getProperty("spring.datasource.password", "");
        if (!url.startsWith("jdbc:h2:file:") || !password.isEmpty()) {
            return;
        }
        Path dataDir = Path.of(environment.getProperty("costbench.data-dir", "./data"));
        String secret = secret(dataDir);
        String user = environment.getProperty("spring.datasource.username", "sa");
        adoptExistingDatabase(url, user, secret);
        restrict(dataDir);
        environment.getPropertySources().addFirst(new MapPropertySource("costbench-embedded-database",
                Map.of("spring.datasource.password", secret)));
    }

    private static String secret(Path dataDir) {
        try {
            Files.createDirectories(dataDir);
            restrict(dataDir);
            Path file = dataDir.resolve(PASSWORD_FILE);
            if (Files.exists(file)) {
                return Files.readString(file, StandardCharsets.UTF_8).trim();
            }
            byte[] random = new byte[24];
            new SecureRandom().nextBytes(random);
            String secret = HexFormat.of().formatHex(random);
            Files.writeString(file, secret, StandardCharsets.UTF_8);
            restrict(file);
            return secret;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the embedded database's password in " + dataDir, e);
        }
    }

    /** A database from before the generated password opens with the empty one: give it the generated one. */
    private static void adoptExistingDatabase(String url, String user, String secret) {
        try (Connection ignored = DriverManager.getConnection(url + ";IFEXISTS=TRUE", user, secret)) {
            return;
        } catch (SQLException withSecret) {
            // Not there yet, or still on the empty password: try that below.
        }
        try (Connection connection = DriverManager.getConnection(url + ";IFEXISTS=TRUE", user, "");
                Statement statement = connection.createStatement()) {
            statement.execute("alter user " + user + " set password '" + secret + "'");
        } catch (SQLException e) {
            // No database yet (it is created with the generated password), or one with another password: the
            // datasource reports that clearly when it connects.
        }
    }

    /** 700 for folders, 600 for files, where the file system has POSIX permissions. */
    static void restrict(Path path) {
        if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            return;
        }
        try {
            if (Files.isDirectory(path)) {
                Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwx------"));
                try (Stream<Path> children = Files.list(path)) {
                    for (Path child : children.toList()) {
                        if (Files.isRegularFile(child)) {
                            Files.setPosixFilePermissions(child, Set.of(PosixFilePermission.OWNER_READ,
                                    PosixFilePermission.OWNER_WRITE));
                        }
                    }
                }
            } else {
                Files.setPosixFilePermissions(path, Set.of(PosixFilePermission.OWNER_READ,
                        PosixFilePermission.OWNER_WRITE));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot restrict the permissions of " + path, e);
        }
    }
}
