package io.mink.cli;

import io.mink.testkit.SidecarLaunch;
import io.mink.testkit.SidecarProcess;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The cli tests' {@code mink serve} in a JVM of its own, its output read line by line, killable with SIGKILL. */
final class CliSidecars {
  /**
   * The environment every test sidecar gets unless a test sets it: a one-second session in the ownership
   * group, so a restarted sidecar does not wait the default ten seconds for its killed predecessor to be
   * dropped from the group (the test broker allows sessions down to 500 ms).
   */
  static final Map<String, String> TEST_ENVIRONMENT =
      Map.of("MINK_INDEXER_SESSION_TIMEOUT", "1s", "MINK_INDEXER_HTTP_PORT", "0");

  /**
   * The JVM options of every test sidecar: a small heap, the serial collector and the client compiler only. A test
   * sidecar runs for seconds to minutes on little data, where the optimizing compiler's work never pays off: these
   * options cut the CPU a crash test's sidecars use by about a third on two cores (SidecarCrashIT: 58 s of CPU
   * against 89 s), which leaves it to the tests that run beside them. Neither changes what Mink does.
   */
  static final List<String> JVM_OPTIONS =
      List.of("-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

  private CliSidecars() {}

  static SidecarProcess start(Path config, long commitPauseMillis) {
    return start(config, commitPauseMillis, Map.of());
  }

  /** Starts a sidecar with {@code environment} added to this JVM's and {@link #TEST_ENVIRONMENT}. */
  static SidecarProcess start(
      Path config, long commitPauseMillis, Map<String, String> environment) {
    return start(config, commitPauseMillis, environment, List.of());
  }

  /** Starts a sidecar as above, with {@code jvmOptions} after {@link #JVM_OPTIONS}. */
  static SidecarProcess start(
      Path config,
      long commitPauseMillis,
      Map<String, String> environment,
      List<String> jvmOptions) {
    return SidecarProcess.start(SidecarLaunch.serve("--config", config.toString())
        .withJvmOptions(JVM_OPTIONS)
        .withJvmOptions(
            List.of("-D" + ServeCommand.COMMIT_PAUSE_PROPERTY + "=" + commitPauseMillis))
        .withJvmOptions(jvmOptions)
        .withEnvironment(TEST_ENVIRONMENT)
        .withEnvironment(environment));
  }
}
