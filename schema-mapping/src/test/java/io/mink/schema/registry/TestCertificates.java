package io.mink.schema.registry;

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

/** Self-signed certificates for TLS tests, made with the JDK's keytool. */
final class TestCertificates {
  static final String PASSWORD = "changeit";

  /** A key pair and self-signed certificate for localhost, and a trust store holding only that certificate. */
  record Party(Path keystore, Path truststore) {}

  private TestCertificates() {}

  static Party create(Path dir, String name) {
    Path keystore = dir.resolve(name + ".p12");
    Path certificate = dir.resolve(name + ".crt");
    Path truststore = dir.resolve(name + "-trust.p12");
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
        "CN=localhost",
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
    keytool(
        "-importcert",
        "-noprompt",
        "-alias",
        name,
        "-file",
        certificate.toString(),
        "-keystore",
        truststore.toString(),
        "-storetype",
        "PKCS12",
        "-storepass",
        PASSWORD);
    return new Party(keystore, truststore);
  }

  /** A server-side context: this key, trusting these clients' certificates. */
  static SSLContext serverContext(Party server, Path clientTruststore) {
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
      throw new IllegalStateException(e);
    }
  }

  private static KeyStore load(Path path) {
    try (InputStream in = Files.newInputStream(path)) {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(in, PASSWORD.toCharArray());
      return store;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
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
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
