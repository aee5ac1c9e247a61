package io.mink.schema.registry;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/** Builds the TLS context for a schema registry from trust and key store files. */
final class RegistryTls {
  private RegistryTls() {}

  /**
   * The context for these settings, or null when they name no store (the JDK's defaults apply).
   *
   * @throws IllegalArgumentException a store cannot be read: missing file, wrong password or type
   */
  static SSLContext sslContext(ConfluentRegistrySettings settings) {
    if (settings.truststore() == null && settings.keystore() == null) {
      return null;
    }
    try {
      TrustManagerFactory trust = null;
      if (settings.truststore() != null) {
        trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(load(settings.truststore(), "truststore"));
      }
      KeyManagerFactory keys = null;
      if (settings.keystore() != null) {
        keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        String keyPassword = settings.keyPassword() != null
            ? settings.keyPassword()
            : settings.keystore().password();
        try {
          keys.init(load(settings.keystore(), "keystore"), keyPassword.toCharArray());
        } catch (GeneralSecurityException e) {
          throw new IllegalArgumentException(
              "Cannot read the private key in schema registry keystore "
                  + settings.keystore().path() + ": " + e.getMessage() + "; check the key password",
              e);
        }
      }
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(
          keys == null ? null : keys.getKeyManagers(),
          trust == null ? null : trust.getTrustManagers(),
          null);
      return context;
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException(
          "Cannot set up TLS for the schema registry: " + e.getMessage(), e);
    }
  }

  private static KeyStore load(TlsStore store, String role) {
    KeyStore keyStore;
    try {
      keyStore = KeyStore.getInstance(store.type());
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException(
          "Schema registry " + role + " " + store.path() + " has type '" + store.type()
              + "', which this JVM does not know: use PKCS12 or JKS",
          e);
    }
    try (InputStream in = Files.newInputStream(store.path())) {
      keyStore.load(in, store.password() == null ? null : store.password().toCharArray());
      return keyStore;
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException(
          "Schema registry " + role + " " + store.path() + " does not exist", e);
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalArgumentException(
          "Cannot read schema registry " + role + " " + store.path() + " as " + store.type() + ": "
              + e.getMessage() + "; check its password and type",
          e);
    }
  }
}
