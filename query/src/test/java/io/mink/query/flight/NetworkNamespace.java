package io.mink.query.flight;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Another host, as far as the network goes: a Linux network namespace joined to this one by a veth pair, with
 * {@link #hostAddress()} on this side and {@link #peerAddress()} inside. A process run with {@link #run} connects to
 * this host only through {@link #hostAddress()}, as a client on another machine would through the host's own
 * address; this host's loopback is not the namespace's. Needs root and iproute2's {@code ip}. The names and the /30
 * come from this JVM's process id, so two test JVMs on one machine never share them.
 */
final class NetworkNamespace implements AutoCloseable {
  private static final long COMMAND_TIMEOUT_SECONDS = 120;

  private final String name;
  private final String hostLink;
  private final String hostAddress;
  private final String peerAddress;

  private NetworkNamespace(String name, String hostLink, String hostAddress, String peerAddress) {
    this.name = name;
    this.hostLink = hostLink;
    this.hostAddress = hostAddress;
    this.peerAddress = peerAddress;
  }

  static NetworkNamespace create() throws IOException, InterruptedException {
    long pid = ProcessHandle.current().pid();
    int subnet = (int) (pid % 16_384) * 4;
    String prefix = "10.213." + (subnet / 256) + ".";
    String hostAddress = prefix + (subnet % 256 + 1);
    String peerAddress = prefix + (subnet % 256 + 2);
    NetworkNamespace namespace =
        new NetworkNamespace("mink-it-" + pid, "mkh" + pid, hostAddress, peerAddress);
    String peerLink = "mkn" + pid;
    try {
      namespace.ip("netns", "add", namespace.name);
      namespace.ip("link", "add", namespace.hostLink, "type", "veth", "peer", "name", peerLink);
      namespace.ip("link", "set", peerLink, "netns", namespace.name);
      namespace.ip("addr", "add", hostAddress + "/30", "dev", namespace.hostLink);
      namespace.ip("link", "set", namespace.hostLink, "up");
      namespace.ip("-n", namespace.name, "addr", "add", peerAddress + "/30", "dev", peerLink);
      namespace.ip("-n", namespace.name, "link", "set", peerLink, "up");
      namespace.ip("-n", namespace.name, "link", "set", "lo", "up");
    } catch (IOException | RuntimeException e) {
      namespace.close();
      throw e;
    }
    return namespace;
  }

  /** This host's address on the link, the one the namespace reaches it by. */
  String hostAddress() {
    return hostAddress;
  }

  /** The namespace's own address on the link. */
  String peerAddress() {
    return peerAddress;
  }

  /** Runs {@code command} inside the namespace and returns its exit code and output (standard error included). */
  Result run(List<String> command) throws IOException, InterruptedException {
    List<String> inside = new ArrayList<>(List.of("ip", "netns", "exec", name));
    inside.addAll(command);
    return execute(inside);
  }

  /**
   * Opens a TCP connection from inside the namespace to {@code address:port} with bash's {@code /dev/tcp}: exit code 0
   * when it connected, and bash's reason (such as "Connection refused") in the output when not.
   */
  Result connect(String address, int port) throws IOException, InterruptedException {
    return run(List.of(
        "timeout",
        "10",
        "bash",
        "-c",
        "exec 3<>/dev/tcp/" + address + "/" + port + " && echo connected"));
  }

  @Override
  public void close() throws IOException {
    try {
      execute(List.of("ip", "link", "del", hostLink));
      execute(List.of("ip", "netns", "del", name));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("Interrupted while removing the network namespace " + name, e);
    }
  }

  private void ip(String... arguments) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("ip"));
    command.addAll(List.of(arguments));
    Result result = execute(command);
    if (result.exitCode() != 0) {
      throw new IllegalStateException(String.join(" ", command) + " failed with exit code "
          + result.exitCode() + ": " + result.output()
          + "; this test needs root and iproute2 to make a network namespace");
    }
  }

  private static Result execute(List<String> command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    byte[] output = process.getInputStream().readAllBytes();
    if (!process.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException(
          String.join(" ", command) + " did not end within " + COMMAND_TIMEOUT_SECONDS + "s");
    }
    return new Result(process.exitValue(), new String(output, StandardCharsets.UTF_8).strip());
  }

  record Result(int exitCode, String output) {}
}
