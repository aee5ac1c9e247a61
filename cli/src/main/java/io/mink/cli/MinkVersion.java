package io.mink.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What {@code mink --version} and {@code mink-query --version} print: the command, Mink's version and the git commit
 * it was built from, as the build wrote them into {@value #VERSION_RESOURCE} and {@value #GIT_RESOURCE}.
 */
public final class MinkVersion implements IVersionProvider {
  /** Mink's version, filtered in by Maven: {@code version}. */
  static final String VERSION_RESOURCE = "/io/mink/cli/version.properties";

  /** The commit of the build, when it was built from a git checkout: {@code git.commit.id.abbrev}. */
  static final String GIT_RESOURCE = "/io/mink/cli/git.properties";

  static final String COMMIT_KEY = "git.commit.id.abbrev";

  @Spec
  CommandSpec spec;

  @Override
  public String[] getVersion() {
    return new String[] {
      line(spec.root().name(), resource(VERSION_RESOURCE), resource(GIT_RESOURCE))
    };
  }

  /**
   * The version line of a command, {@code mink 0.1.0 (commit abc1234)}; {@code (commit unknown)} when the build had
   * no git checkout to read the commit from.
   */
  static String line(String command, Properties version, Properties git) {
    String mink = version.getProperty("version", "").strip();
    String commit = git.getProperty(COMMIT_KEY, "").strip();
    return command + " " + (mink.isEmpty() ? "(version unknown)" : mink) + " (commit "
        + (commit.isEmpty() ? "unknown" : commit) + ")";
  }

  /** The properties of a resource on the classpath; none when the build did not write it. */
  static Properties resource(String name) {
    Properties properties = new Properties();
    try (InputStream in = MinkVersion.class.getResourceAsStream(name)) {
      if (in != null) {
        properties.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + name + " from the mink-cli jar", e);
    }
    return properties;
  }
}
