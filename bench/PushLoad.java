import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Load benchmark of POST /api/v1/runs: N concurrent pushers for a fixed time against a running costbench on the
 * loopback interface, each push a vLLM result file with its own commit and CI URL (no duplicates), spread over four
 * series (TP 1, 2, 4, 8) of a catalog model, so every push is predicted and judged against its series' baseline.
 * Reports pushes/s, latency percentiles, errors, and whether the stored count (GET /api/v1/runs?model=...&since=the
 * start) equals the accepted count (so run one load at a time per service). JDK only:
 *
 *   java bench/PushLoad.java http://127.0.0.1:18087 <token with runs:write> [seconds=60] [pushers=8] [file]
 *       [model=Qwen/Qwen3-8B]
 */
public class PushLoad {

    public static void main(String[] args) throws Exception {
        URI base = URI.create(args[0]);
        if (!base.getHost().equals("127.0.0.1") && !base.getHost().equals("localhost")) {
            throw new IllegalArgumentException("loopback only");
        }
        String token = args[1];
        int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 60;
        int pushers = args.length > 3 ? Integer.parseInt(args[3]) : 8;
        String file = Files.readString(Path.of(args.length > 4 ? args[4] : "../shared/samples/vllm_bench_serve_result.json"))
                .strip();
        if (pushers < 1 || pushers > 64 || seconds < 1 || seconds > 600) {
            throw new IllegalArgumentException("1-64 pushers, 1-600 s");
        }
        // A catalog model (an alias, as CI pushes them), so each push gets its prediction, not "unknown model".
        String model = args.length > 5 ? args[5] : "Qwen/Qwen3-8B";
        String runId = UUID.randomUUID().toString();
        java.time.Instant since = java.time.Instant.now();
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        AtomicLong accepted = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        AtomicLong predicted = new AtomicLong();
        List<Long> latenciesNs = Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(pushers);
        List<Future<?>> futures = new ArrayList<>();
        long started = System.nanoTime();
        for (int p = 0; p < pushers; p++) {
            int pusher = p;
            futures.add(pool.submit(() -> {
                long n = 0;
                while (System.nanoTime() < deadline) {
                    n++;
                    String sha = String.format("%040x", (pusher * 1_000_000_000L) + n);
                    String body = "{\"format\":\"vllm\",\"context\":{\"model\":\"" + model + "\",\"hardware\":\"h100-sxm5\","
                            + "\"tensorParallel\":" + (1 << (n % 4)) + ",\"precision\":\"bf16\",\"gitSha\":\"" + sha
                            + "\",\"branch\":\"main\",\"ciUrl\":\"https://ci.example.com/" + runId + "/" + pusher + "/" + n
                            + "\"},\"result\":" + file + "}";
                    HttpRequest request = HttpRequest.newBuilder(base.resolve("/api/v1/runs"))
                            .timeout(Duration.ofSeconds(30))
                            .header("Content-Type", "application/json").header("Authorization", "Bearer " + token)
                            .POST(HttpRequest.BodyPublishers.ofString(body)).build();
                    long t0 = System.nanoTime();
                    try {
                        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
                        latenciesNs.add(System.nanoTime() - t0);
                        if (response.statusCode() == 201) {
                            accepted.incrementAndGet();
                            // The answer's first prediction has numbers (a reason instead would mean it has none).
                            if (response.body().contains("\"prediction\":{\"metrics\":{\"")) {
                                predicted.incrementAndGet();
                            } else if (predicted.get() == 0 && accepted.get() == 1) {
                                System.err.println("no prediction: " + response.body());
                            }
                        } else {
                            errors.incrementAndGet();
                            System.err.println(response.statusCode() + " " + response.body());
                        }
                    } catch (Exception e) {
                        errors.incrementAndGet();
                        System.err.println(e);
                    }
                }
                return null;
            }));
        }
        for (Future<?> future : futures) {
            future.get();
        }
        pool.shutdown();
        double elapsedS = (System.nanoTime() - started) / 1e9;
        List<Long> sorted = new ArrayList<>(latenciesNs);
        Collections.sort(sorted);
        HttpResponse<String> stored = client.send(HttpRequest.newBuilder(
                base.resolve("/api/v1/runs?size=1&model=" + java.net.URLEncoder.encode(model, java.nio.charset.StandardCharsets.UTF_8)
                        + "&since=" + since)).build(), HttpResponse.BodyHandlers.ofString());
        Matcher total = Pattern.compile("\"totalItems\":(\\d+)").matcher(stored.body());
        long storedCount = total.find() ? Long.parseLong(total.group(1)) : -1;
        System.out.printf("pushers=%d duration=%.1fs requests=%d accepted=%d errors=%d pushes/s=%.1f%n", pushers,
                elapsedS, sorted.size(), accepted.get(), errors.get(), accepted.get() / elapsedS);
        System.out.printf("latency ms: p50=%.1f p90=%.1f p99=%.1f max=%.1f%n", pct(sorted, 50), pct(sorted, 90),
                pct(sorted, 99), sorted.isEmpty() ? 0 : sorted.get(sorted.size() - 1) / 1e6);
        System.out.printf("stored=%d accepted=%d equal=%s predicted=%d%n", storedCount, accepted.get(),
                storedCount == accepted.get(), predicted.get());
    }

    private static double pct(List<Long> sorted, double p) {
        if (sorted.isEmpty()) {
            return 0;
        }
        int index = (int) Math.ceil(p / 100 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(index, sorted.size() - 1))) / 1e6;
    }
}
