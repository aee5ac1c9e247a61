package io.mink.indexer.schedule;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.UUID;

/** The id of one sidecar process, host:pid:random, shown as the owner of its tables. */
public final class InstanceId {
  private InstanceId() {}

  public static String create() {
    String host;
    try {
      host = InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException | SecurityException e) {
      host = "localhost";
    }
    return host + ":" + ProcessHandle.current().pid() + ":"
        + UUID.randomUUID().toString().substring(0, 6);
  }
}
