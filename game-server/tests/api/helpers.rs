//! `spawn_app()`: a real server on a random port with a fresh database, in its own thread and actix
//! system, plus a small typed client. Set `CASINO_TEST_POSTGRES` to run the suite on PostgreSQL.

use game_server::config::Config;
use game_server::startup::{Application, Stopper};
use reqwest::{Response, StatusCode};
use serde_json::{Value, json};
use std::sync::{Arc, mpsc};

pub struct TestApp {
    pub base: String,
    pub config: Config,
    pub http: reqwest::Client,
    /// Stops the server (and closes its database connections) when the test's last client is dropped, so a
    /// suite of many tests never holds more connections than the tests running at once.
    pub server: Arc<Running>,
}

pub struct Running {
    system: actix_web::rt::System,
    stopper: Stopper,
}

impl Drop for Running {
    fn drop(&mut self) {
        // On the server's own thread: stopping the system itself would drop pooled connections outside a runtime.
        self.system.arbiter().spawn(self.stopper.clone().stop());
    }
}

use casino_actors::table::game::Timings;
use game_server::config::RoundConfigs;

/// A date of birth every test player is old enough with.
pub const ADULT_BORN: &str = "1990-01-15";

pub fn config_for(database_url: String) -> Config {
    Config {
        bind: "127.0.0.1:0".into(),
        metrics_bind: None,
        actor_metrics: true,
        database_url,
        db_max_connections: 8,
        wallet_shards: 2,
        web_dir: None,
        aviator: fast_aviator(),
        // Round games at test speed: 3 s of bets, then the reveal within half a second (a card each 50 ms), and a
        // short result pause.
        rounds: RoundConfigs::defaults("test", |t, _| {
            *t = Timings { betting_ms: 3_000, closed_ms: 200, step_ms: 50, result_ms: 400 }
        }),
        mines: casino_actors::mines::rules::MinesSettings::default(),
        matka: casino_actors::matka::desk::MatkaConfig::with_defaults(20, "casino".into()),
        // A ball every 2 s: every test server plays (and prices) its matches, most tests ignore them; the sports and
        // exchange tests set their own pace, the three-card and edge tests play test-hook matches step by step.
        sports: casino_actors::sports::desk::SportsConfig {
            ball_ms: 2_000,
            live: 1,
            upcoming: 1,
            others: 1,
            ..Default::default()
        },
        stream: Default::default(),
        exchange: casino_actors::exchange::desk::ExchangeConfig {
            bet_delay: std::time::Duration::from_millis(50),
            ..Default::default()
        },
        parchi: casino_actors::parchi::table::ParchiConfig::default(),
        load_test_fixtures: true,
        test_hooks: true,
        accounts: game_server::config::AccountsConfig::default(),
        web: game_server::config::WebSecurity::default(),
        cluster: None,
        money: Default::default(),
    }
}

/// Short rounds so tests see several of them: 2 s betting (room for a loaded CI machine), 300 ms pause.
pub fn fast_aviator() -> casino_actors::aviator::table::AviatorConfig {
    let mut a = game_server::config::ServeArgs::defaults().aviator.config();
    a.rules.countdown_ms = 2_000;
    a.rules.pause_ms = 300;
    // A small liability cap ends any flight carrying a ₹500 stake by 1.2×, so tests need not wait for
    // heavy-tailed crash points.
    a.rules.max_bet = casino_actors::money::Paise::from_rupees(500);
    a.rules.max_payout_per_round = casino_actors::money::Paise::from_rupees(600);
    a.chain_length = 2_000;
    a
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// A server whose configuration `f` adjusts first (say, a longer betting window).
pub async fn spawn_app_with(f: impl FnOnce(&mut Config)) -> TestApp {
    let url = casino_actors::store::fresh_database_url("api").await.expect("test database");
    let mut config = config_for(url);
    f(&mut config);
    spawn_app_on(config).await
}

/// Starts the server in a thread with its own actix system; returns once it listens.
pub async fn spawn_app_on(config: Config) -> TestApp {
    try_spawn_app_on(config).await.expect("server start")
}

/// [`spawn_app_on`], or why the server refused to start.
pub async fn try_spawn_app_on(config: Config) -> Result<TestApp, String> {
    let (tx, rx) = mpsc::channel();
    let cfg = config.clone();
    std::thread::spawn(move || {
        let system = actix_web::rt::System::new();
        system.block_on(async move {
            match Application::build(cfg).await {
                Ok(app) => {
                    let _ = tx.send(Ok((app.port(), actix_web::rt::System::current(), app.stopper())));
                    actix_web::rt::spawn(app.run_until_stopped());
                }
                Err(e) => {
                    let _ = tx.send(Err(format!("{e:#}")));
                    // What the refused start had started (the wallet's actors) stops inside the system.
                    actix_web::rt::System::current().stop();
                }
            }
        });
        // Idle once the test drops its last client and `Running` stops the server; at once after a refused start.
        let _ = system.run();
    });
    let (port, system, stopper) =
        tokio::task::spawn_blocking(move || rx.recv().expect("server thread")).await.expect("join")?;
    Ok(TestApp {
        base: format!("http://127.0.0.1:{port}"),
        config,
        http: client(),
        server: Arc::new(Running { system, stopper }),
    })
}

pub fn client() -> reqwest::Client {
    reqwest::Client::builder().cookie_store(true).build().expect("client")
}

/// Runs an operator command against the app's database, as the CLI does.
pub async fn create_operator(app: &TestApp, phone: &str) {
    game_server::cli::create_operator(&app.config.database_url, "Operator Desk", phone, "operator-pass")
        .await
        .expect("operator");
}

impl TestApp {
    /// Stops the server and then its whole actix system (every actor and task, as a killed process's), like a
    /// restart's first half; every other client of it must be dropped first.
    pub fn halt(self) {
        let Ok(running) = Arc::try_unwrap(self.server) else { panic!("other clients of the server are alive") };
        let (stopper, system) = (running.stopper.clone(), running.system.clone());
        // Stopped here, not by its `Drop`.
        std::mem::forget(running);
        system.arbiter().spawn(async move {
            stopper.stop().await;
            actix_web::rt::System::current().stop();
        });
    }

    pub async fn post(&self, path: &str, body: &Value) -> Response {
        self.http.post(format!("{}{path}", self.base)).json(body).send().await.expect("request")
    }
    pub async fn put(&self, path: &str, body: &Value) -> Response {
        self.http.put(format!("{}{path}", self.base)).json(body).send().await.expect("request")
    }
    pub async fn get(&self, path: &str) -> Response {
        self.http.get(format!("{}{path}", self.base)).send().await.expect("request")
    }
    /// A second client with its own cookie jar (another person on another phone).
    pub fn other_client(&self) -> TestApp {
        TestApp { base: self.base.clone(), config: self.config.clone(), http: client(), server: self.server.clone() }
    }

    /// Signs up a player born on 15 January 1990 in Maharashtra (real mode asks both; play mode ignores them).
    pub async fn signup(&self, phone: &str, name: &str, password: &str) -> Response {
        let body = json!({ "username": phone, "email": name, "password": password, "dateOfBirth": ADULT_BORN, "region": "IN-MH" });
        self.post("/api/signup", &body).await
    }

    /// Signs up and logs in a fresh player on this client; returns the login body.
    pub async fn player(&self, phone: &str) -> Value {
        let r = self.signup(phone, "Test Player", "secret1").await;
        assert_eq!(r.status(), StatusCode::CREATED, "{}", r.text().await.unwrap_or_default());
        let user_no = r.json::<Value>().await.expect("json")["userNo"].clone();
        self.login(&user_no.to_string(), "secret1").await
    }

    pub async fn login(&self, user_no: &str, password: &str) -> Value {
        let r = self.post("/api/login", &json!({ "userNo": user_no, "password": password })).await;
        assert_eq!(r.status(), StatusCode::OK);
        r.json().await.expect("json")
    }

    /// A player signed up on this client and funded with `rupees` by a deposit the operator client `desk` approves;
    /// the login body (the player can log in again: `phone`'s password is `secret1`).
    pub async fn funded(&self, desk: &TestApp, phone: &str, rupees: i64) -> Value {
        let login = self.player(phone).await;
        let body = json!({"Utr": format!("UTR{phone}"), "userName": "Test Player", "user": login["user"]["id"], "phoneNumber": "", "deposite": rupees});
        let deposit: Value = self.post("/api/add-more-points", &body).await.json().await.unwrap();
        let id = deposit["deposit"]["id"].as_i64().expect("deposit id");
        assert_eq!(desk.post(&format!("/api/admin/deposits/{id}/approve"), &json!({})).await.status(), StatusCode::OK);
        login
    }

    /// Logs this client in as a new operator.
    pub async fn operator(&self, phone: &str) -> Value {
        create_operator(self, phone).await;
        let r = self.get(&format!("/api/userLoginUserNo/{phone}")).await;
        let user_no = r.json::<Value>().await.expect("json")["userNo"].to_string();
        self.login(&user_no, "operator-pass").await
    }

    pub async fn wallet(&self, user_id: &Value) -> (f64, f64) {
        let v: Value = self.get(&format!("/api/getwalletandexposure/{user_id}")).await.json().await.expect("json");
        (v["balance"].as_f64().expect("balance"), v["exposureBalance"].as_f64().expect("exposure"))
    }
}

pub async fn error_of(r: Response) -> (StatusCode, Value) {
    let status = r.status();
    (status, r.json().await.expect("error json"))
}

impl TestApp {
    /// Funded players with session tokens, through the operator's fixture endpoint.
    pub async fn fixture_players(&self, count: usize, rupees: i64) -> Vec<(Value, String)> {
        let desk = self.other_client();
        desk.operator(&format!("90{:08}", rand::random::<u32>() % 100_000_000)).await;
        let r = desk.post("/api/admin/fixtures/players", &json!({ "count": count, "balance": rupees })).await;
        assert_eq!(r.status(), StatusCode::CREATED);
        let body: Value = r.json().await.expect("json");
        body["players"]
            .as_array()
            .expect("players")
            .iter()
            .map(|p| (p["id"].clone(), p["token"].as_str().expect("token").to_string()))
            .collect()
    }

    /// GET with a bearer token (a player of the fixture).
    pub async fn get_as(&self, token: &str, path: &str) -> Value {
        let r = self.http.get(format!("{}{path}", self.base)).bearer_auth(token).send().await.expect("request");
        r.json().await.expect("json")
    }
}
