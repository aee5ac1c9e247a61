package io.mink.testkit.tls;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Self-signed certificates for TLS tests, made with the JDK's keytool: nothing is checked in, each test makes its
 * own in a temporary directory. Every store is PKCS12 with the password {@link #PASSWORD}.
 */
public final class TestCertificates {
  public static final String PASSWORD = "changeit";

  /**
   * One side of a TLS connection.
   *
   * @param name the alias and the certificate's CN prefix
   * @param keystore its key pair and self-signed certificate for {@code localhost}
   * @param certificate the certificate alone, DER
   * @param truststore a trust store holding only its certificate: what the other side trusts
   */
  public record Party(String name, Path keystore, Path certificate, Path truststore) {}

  private TestCertificates() {}

  /** A key pair and self-signed certificate for localhost (CN={@code name}), valid for two days. */
  public static Party create(Path directory, String name) {
    Path keystore = directory.resolve(name + ".p12");
    Path certificate = directory.resolve(name + ".crt");
    Path truststore = directory.resolve(name + "-trust.p12");
    keytool(
        "-genkeypair",
        "-alias",
        name,
        "-keyalg",
        "EC",
        "-groupname",
        "secp256r1",
        "-validity",
        "2",
        "-dname",
        "CN=" + name + ",O=Mink tests",
        "-ext",
        "SAN=dns:localhost,ip:127.0.0.1",
        "-keystore",
        keystore.toString(),
        "-storetype",
        "PKCS12",
        "-storepass",
        PASSWORD,
        "-keypass",
        PASSWORD);
    keytool(
        "-exportcert",
        "-alias",
        name,
        "-keystore",
        keystore.toString(),
        "-storepass",
        PASSWORD,
        "-file",
        certificate.toString());
    importInto(truststore, name, certificate);
    return new Party(name, keystore, certificate, truststore);
  }

  /** A trust store at {@code path} holding the certificates of all these parties. */
  public static Path trusting(Path path, Party... parties) {
    for (Party party : parties) {
      importInto(path, party.name(), party.certificate());
    }
    return path;
  }

  /** A server-side context with this party's key, asking for client certificates from this trust store when set. */
  public static SSLContext serverContext(Party server, Path clientTruststore) {
    try {
      KeyManagerFactory keys =
          KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      keys.init(load(server.keystore()), PASSWORD.toCharArray());
      TrustManagerFactory trust = null;
      if (clientTruststore != null) {
        trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(load(clientTruststore));
      }
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(keys.getKeyManagers(), trust == null ? null : trust.getTrustManagers(), null);
      return context;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(
          "Cannot make a TLS context from " + server.keystore() + ": " + e, e);
    }
  }

  private static void importInto(Path truststore, String alias, Path certificate) {
    keytool(
        "-importcert",
        "-noprompt",
        "-alias",
        alias,
        "-file",
        certificate.toString(),
        "-keystore",
        truststore.toString(),
        "-storetype",
        "PKCS12",
        "-storepass",
        PASSWORD);
  }

  private static KeyStore load(Path path) {
    try (InputStream in = Files.newInputStream(path)) {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(in, PASSWORD.toCharArray());
      return store;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the key store " + path + ": " + e, e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Cannot load the key store " + path + ": " + e, e);
    }
  }

  private static void keytool(String... args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    command.addAll(List.of(args));
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (process.waitFor() != 0) {
        throw new IllegalStateException(
            "keytool failed: " + String.join(" ", command) + "\n" + output);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot run keytool from " + command.get(0) + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while running keytool", e);
    }
  }
}
