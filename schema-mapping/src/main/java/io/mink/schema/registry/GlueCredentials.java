package io.mink.schema.registry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeSet;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.profiles.ProfileFile;
import software.amazon.awssdk.profiles.ProfileFileSupplier;

/** The AWS credentials Mink signs Glue requests with: static keys, a named profile, or the default chain. */
final class GlueCredentials {
  private static final String DEFAULT_PROFILE = "default";

  private GlueCredentials() {}

  /**
   * The provider for these settings. A profile is looked up now, so a missing file or profile is a
   * configuration error at start rather than a wait at the first record.
   *
   * @throws IllegalArgumentException the credentials file or the profile does not exist
   */
  static AwsCredentialsProvider provider(GlueRegistrySettings settings) {
    if (settings.accessKeyId() != null) {
      return StaticCredentialsProvider.create(
          settings.sessionToken() == null
              ? AwsBasicCredentials.create(settings.accessKeyId(), settings.secretAccessKey())
              : AwsSessionCredentials.create(
                  settings.accessKeyId(), settings.secretAccessKey(), settings.sessionToken()));
    }
    if (settings.profile() == null && settings.credentialsFile() == null) {
      return DefaultCredentialsProvider.builder().build();
    }
    String name = settings.profile() == null ? DEFAULT_PROFILE : settings.profile();
    ProfileFileSupplier files = profileFiles(settings.credentialsFile());
    ProfileFile file = files.get();
    if (file.profile(name).isEmpty()) {
      throw new IllegalArgumentException("AWS profile '" + name + "' (schema_registry.glue_profile)"
          + " is not in " + where(settings.credentialsFile()) + ", which has "
          + (file.profiles().isEmpty()
              ? "no profiles"
              : "the profiles " + new TreeSet<>(file.profiles().keySet()))
          + ": fix the profile name, or give the file that holds it");
    }
    return ProfileCredentialsProvider.builder()
        .profileFile(files)
        .profileName(name)
        .build();
  }

  /** The profile files, read again when they change, so that rotated keys need no restart. */
  private static ProfileFileSupplier profileFiles(Path credentialsFile) {
    if (credentialsFile == null) {
      return ProfileFileSupplier.defaultSupplier();
    }
    if (!Files.isReadable(credentialsFile)) {
      throw new IllegalArgumentException("AWS credentials file " + credentialsFile
          + " (schema_registry.glue_credentials_file) does not exist or Mink may not read it");
    }
    return ProfileFileSupplier.reloadWhenModified(credentialsFile, ProfileFile.Type.CREDENTIALS);
  }

  private static String where(Path credentialsFile) {
    return credentialsFile == null
        ? "the AWS credentials and config files (~/.aws/credentials, ~/.aws/config, or"
            + " AWS_SHARED_CREDENTIALS_FILE and AWS_CONFIG_FILE)"
        : credentialsFile + " (schema_registry.glue_credentials_file)";
  }
}
