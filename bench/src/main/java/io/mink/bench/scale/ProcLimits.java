package io.mink.bench.scale;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * What Linux allows this process and how much of it the process uses, from /proc: open files and memory maps are
 * what a broker with tens of thousands of partitions runs out of first (a file and up to two maps per partition).
 */
final class ProcLimits {
  private ProcLimits() {}

  /** This process's limit on open files, as /proc/self/limits gives it (soft, then hard); "?" where unknown. */
  static String openFilesLimit() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/limits"))) {
        if (line.startsWith("Max open files")) {
          String[] fields = line.substring("Max open files".length()).trim().split("\\s+");
          return fields[0] + " soft, " + fields[1] + " hard";
        }
      }
    } catch (IOException e) {
      return "?";
    }
    return "?";
  }

  /** This process's memory maps now; -1 where unknown. */
  static long memoryMaps() {
    try (Stream<String> maps = Files.lines(Path.of("/proc/self/maps"))) {
      return maps.count();
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** The kernel's limit on one process's memory maps (vm.max_map_count); "?" where unknown. */
  static String maxMapCount() {
    try {
      return Files.readAllLines(Path.of("/proc/sys/vm/max_map_count")).get(0).trim();
    } catch (IOException | RuntimeException e) {
      return "?";
    }
  }

  /** The machine's load average over the last minute. */
  static double loadAverage() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }
}
