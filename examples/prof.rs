//! profiling driver (not committed)
fn main() {
    let text =
        std::fs::read_to_string(std::env::args().nth(1).unwrap_or("/tmp/para.txt".into())).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut arena = vec![0u8; 8192];
    let mut n = 0usize;
    let mut borrowed = 0;
    let mut failed = 0;
    for _ in 0..5 {
        for l in &lines {
            match microurl::Url::parse(std::hint::black_box(l), &mut arena) {
                Ok(u) => {
                    n += u.as_str().len();
                    if u.as_str().as_ptr() == l.as_ptr() {
                        borrowed += 1
                    }
                }
                Err(_) => failed += 1,
            }
        }
    }
    if std::env::var("SHOW").is_ok() {
        for l in &lines {
            if let Ok(u) = microurl::Url::parse(l, &mut arena) {
                if u.as_str() != *l {
                    println!("{l}")
                }
            }
        }
    }
    eprintln!(
        "{n} {} borrowed {} failed {}",
        lines.len(),
        borrowed / 5,
        failed / 5
    );
}
