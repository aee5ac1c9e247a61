package io.mink.indexer.config;

import io.mink.lake.catalog.LakeSettings;
import io.mink.schema.registry.ConfluentRegistrySettings;
import io.mink.schema.registry.GlueRegistrySettings;
import io.mink.schema.registry.TlsStore;
import io.mink.schema.secret.SecretValues;

/** The secret values of a loaded configuration: every section's passwords, keys, tokens and URL user infos. */
final class ConfigSecrets {
  private ConfigSecrets() {}

  static SecretValues of(MinkConfig config) {
    SecretValues secrets = new SecretValues().settings(config.kafka());
    lake(secrets, config.lake());
    config.schemaRegistry().confluent().ifPresent(confluent -> confluent(secrets, confluent));
    config.schemaRegistry().glue().ifPresent(glue -> glue(secrets, glue));
    config.query().password().ifPresent(secrets::add);
    return secrets;
  }

  private static void lake(SecretValues secrets, LakeSettings lake) {
    secrets.settings(lake.properties()).url(lake.uri()).url(lake.warehouse());
  }

  private static void confluent(SecretValues secrets, ConfluentRegistrySettings confluent) {
    confluent.urls().forEach(secrets::url);
    secrets
        .basicAuth(confluent.basicAuthUser(), confluent.basicAuthPassword())
        .add(confluent.bearerToken())
        .add(confluent.keyPassword());
    for (TlsStore store : new TlsStore[] {confluent.truststore(), confluent.keystore()}) {
      if (store != null) {
        secrets.add(store.password());
      }
    }
  }

  private static void glue(SecretValues secrets, GlueRegistrySettings glue) {
    secrets.add(glue.accessKeyId()).add(glue.secretAccessKey()).add(glue.sessionToken());
  }
}
