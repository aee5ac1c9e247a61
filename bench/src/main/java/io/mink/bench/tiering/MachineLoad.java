package io.mink.bench.tiering;

import io.mink.bench.ResourceMeter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * How busy the machine was while a part ran, from Linux's /proc: the CPU time of the whole machine, of
 * this JVM (the in-process broker and the producers), and of the sidecar processes; the rest is other
 * work that shared the cores. On a shared machine that rest is what makes wall-clock figures move.
 */
final class MachineLoad {
  private final long startedNanos = System.nanoTime();
  private final long machineBusyAtStart = ResourceMeter.machineBusyNanos();
  private final long ownCpuAtStart = ResourceMeter.processCpuNanos();
  private final double loadAtStart = loadAverage();

  /**
   * Cores kept busy on average over a window, -1 where unknown.
   *
   * @param sidecars the sidecar processes (Mink)
   * @param benchmark this JVM: the broker, the producers, the benchmark's own polling
   * @param others everything else on the machine
   */
  record Usage(
      double seconds,
      double sidecars,
      double benchmark,
      double others,
      double loadAtStart,
      double loadAtEnd) {
    @Override
    public String toString() {
      return String.format(
          Locale.ROOT,
          "cores busy: %sbroker+benchmark %.2f, other processes %.2f; "
              + "load average %.1f -> %.1f",
          sidecars > 0 ? String.format(Locale.ROOT, "sidecars %.2f, ", sidecars) : "",
          benchmark,
          others,
          loadAtStart,
          loadAtEnd);
    }
  }

  static MachineLoad start() {
    return new MachineLoad();
  }

  /** The window so far; {@code sidecarCpuNanos} is the CPU time of the sidecars started within it. */
  Usage read(long sidecarCpuNanos) {
    double wall = System.nanoTime() - startedNanos;
    long machine = ResourceMeter.machineBusyNanos();
    long own = ResourceMeter.processCpuNanos();
    double benchmark = own < 0 || ownCpuAtStart < 0 ? -1 : (own - ownCpuAtStart) / wall;
    double sidecars = sidecarCpuNanos < 0 ? -1 : sidecarCpuNanos / wall;
    double others = machine < 0 || machineBusyAtStart < 0 || benchmark < 0 || sidecars < 0
        ? -1
        : Math.max(0, (machine - machineBusyAtStart) / wall - benchmark - sidecars);
    return new Usage(wall / 1e9, sidecars, benchmark, others, loadAtStart, loadAverage());
  }

  /** The machine's load average over the last minute, -1 where the OS does not tell. */
  static double loadAverage() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  /** A process's CPU time (user + system) from /proc/PID/stat, -1 where unknown. */
  static long processCpuNanos(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      // the fields after the command name in parentheses: state is field 3, utime 14, stime 15
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
      return (Long.parseLong(fields[11]) + Long.parseLong(fields[12]))
          * ResourceMeter.NANOS_PER_TICK;
    } catch (Exception e) {
      return -1;
    }
  }
}
