package io.mink.query.flight;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A self-signed certificate for {@code localhost} (and any IP addresses asked for), made with the JDK's keytool, written as the PEM files a server
 * is configured with.
 *
 * @param certificate the certificate, PEM; also what a client trusts
 * @param privateKey its private key, PKCS#8 PEM
 */
record TestCertificate(Path certificate, Path privateKey) {
  private static final String ALIAS = "mink-query";
  private static final char[] PASSWORD = "keystore-password".toCharArray();

  static TestCertificate create(Path directory)
      throws IOException, GeneralSecurityException, InterruptedException {
    return create(directory, List.of());
  }

  /** A certificate for {@code localhost}, 127.0.0.1 and {@code ipAddresses}. */
  static TestCertificate create(Path directory, List<String> ipAddresses)
      throws IOException, GeneralSecurityException, InterruptedException {
    StringBuilder names = new StringBuilder("SAN=dns:localhost,ip:127.0.0.1");
    ipAddresses.forEach(address -> names.append(",ip:").append(address));
    Path keyStore = directory.resolve("server.p12");
    Process keytool = new ProcessBuilder(List.of(
            Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
            "-genkeypair",
            "-alias",
            ALIAS,
            "-keyalg",
            "RSA",
            "-keysize",
            "2048",
            "-validity",
            "2",
            "-dname",
            "CN=localhost",
            "-ext",
            names.toString(),
            "-storetype",
            "PKCS12",
            "-keystore",
            keyStore.toString(),
            "-storepass",
            new String(PASSWORD)))
        .redirectErrorStream(true)
        .start();
    String output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!keytool.waitFor(1, TimeUnit.MINUTES) || keytool.exitValue() != 0) {
      throw new IllegalStateException("keytool could not make a certificate: " + output);
    }
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(keyStore)) {
      store.load(in, PASSWORD);
    }
    Certificate certificate = store.getCertificate(ALIAS);
    Key key = store.getKey(ALIAS, PASSWORD);
    Path certificateFile = directory.resolve("server.pem");
    Path keyFile = directory.resolve("server.key");
    Files.writeString(certificateFile, pem("CERTIFICATE", certificate.getEncoded()));
    Files.writeString(keyFile, pem("PRIVATE KEY", key.getEncoded()));
    return new TestCertificate(certificateFile, keyFile);
  }

  private static String pem(String type, byte[] der) {
    String base64 =
        Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
    return "-----BEGIN " + type + "-----\n" + base64 + "\n-----END " + type + "-----\n";
  }
}
