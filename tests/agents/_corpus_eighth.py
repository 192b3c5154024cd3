"""An eighth corpus, written without reading the checks: 82 correct answers (15 in Chinese),
67 of which come from questions that also carry context numbers the computation does not need
and 15 of which carry none, plus 45 stopped-short runs (8 in Chinese) where the model never
passed a needed number to any tool and reported the incomplete result as final.

Its file hash was recorded before its first run (docs/small-model-aids.md, "How precision
is checked"). Run for counts only: 14 of its correct answers sent back and 32 stopped-short
runs caught on the aids of the time, and the same on a change read from the sixth corpus,
which was not kept. Read then, it became a tuning corpus: numbers that name a level, a
pallet, a bench or a bed ("3床"), an age said as "since I was 9", and the digits of an id in
a receipt came from it, which left 8 sent back: counts of something else ("20 problems",
"17 rides", "6个客人"), spans of time ("玩了3年"), a weight of the same kind as the data's, a
period of a school day, and a zero said in words beside the question's numbers. Since a
number said before the clause that asks lets an answer that does not name it stand, the
3 still sent back are Chinese questions written as one clause, listed by name.
"""

from __future__ import annotations

from test_answers_stand import Case

STAND = [
    # context: 4 (4th grade), 20 (problems tonight)
    Case(
        "brother-homework-48-times-37",
        (
            "hey so my little brother is in 4th grade and his teacher gave him 20 problems "
            "tonight, he's stuck on 48 x 37. what is it?"
        ),
        [[("multiply", {"a": 48, "b": 37})]],
        "48 × 37 = 1,776. Good luck to him with the rest of the sheet!",
    ),
    # context: 72 (age)
    Case(
        "retiree-grocery-total",
        (
            "I'm 72 and on a fixed income so I'm trying to keep track of groceries. I spent "
            "$86.40 a week for the last 13 weeks. What's the total?"
        ),
        [[("multiply", {"a": 86.4, "b": 13})]],
        "Over those 13 weeks you spent $1,123.20 on groceries.",
    ),
    # context: 12 (hour shift), 3 (3rd shift this week)
    Case(
        "night-nurse-drip-rate",
        (
            "Night shift nurse here, 12 hr shift, 3rd one this week 😴 need a rate: 1000 mL "
            "over 8 hours, what's that in mL/hr?"
        ),
        [[("divide", {"a": 1000, "b": 8})]],
        "That's 125 mL/hr.",
    ),
    # context: 9 (age), 三 (third grade)
    Case(
        "zh-school-uniform",
        "我儿子今年9岁，上三年级了，学校要订校服，一套158元，要买2套，一共多少钱？",
        [[("multiply", {"a": 158, "b": 2})]],
        "两套校服一共 316 元。",
    ),
    # context: 5 (5am), 2 (2nd coffee)
    Case(
        "trucker-next-stop-km",
        "on the road since 5am, on my 2nd coffee. next stop is 287 miles out, how many km is that",
        [[("convert_units", {"value": 287, "from_unit": "miles", "to_unit": "km"})]],
        "287 miles is about 461.9 km.",
    ),
    # context: none (a yes/no answered in words)
    Case(
        "any-unread-emails",
        "Do I have any unread emails?",
        [[("count_unread", {})]],
        "No, you don't have any unread emails right now.",
    ),
    # context: 34 (current level)
    Case(
        "gamer-xp-matches",
        (
            "ok so im level 34 and i need 15600 xp to hit the next level, i get 240 xp per "
            "match. how many matches do i need"
        ),
        [[("divide", {"a": 15600, "b": 240})]],
        "You need 65 matches — 15,600 XP at 240 XP per match.",
    ),
    # context: 1962 (year of the recipe), 14 (date of the sale)
    Case(
        "grandma-bread-flour",
        (
            "My grandma's bread recipe from 1962 uses 375 g of flour per loaf. I'm baking 6 "
            "loaves for the church bake sale on the 14th. How much flour do I need?"
        ),
        [[("multiply", {"a": 375, "b": 6})]],
        "You'll need 2,250 g of flour (2.25 kg) for 6 loaves.",
    ),
    # context: 2019 (year they moved)
    Case(
        "zh-taxi-fare",
        "我2019年来的上海，今天打车走了23.6公里，按每公里2.8元算，大概多少钱？",
        [[("multiply", {"a": 23.6, "b": 2.8})]],
        "按每公里 2.8 元算，23.6 公里大约是 66.08 元。",
    ),
    # context: 10 (minutes until the call)
    Case(
        "compounding-before-a-call",
        "quick one, on a call in 10 min — what's 1.05 to the power of 20?",
        [[("power", {"base": 1.05, "exponent": 20})]],
        "1.05^20 ≈ 2.6533.",
    ),
    # context: 5 (5th Street), 2009 (year opened)
    Case(
        "shoe-shop-profit",
        (
            "I run a little shoe shop on 5th Street, been open since 2009. Bought 40 pairs at "
            "$32.50 each and sold every one at $59. What's my profit?"
        ),
        [[("python_calculator", {"input": "40 * 59 - 40 * 32.50"})]],
        "Your profit is $1,060.",
    ),
    # context: 22 (arrival date), 4 (rental days)
    Case(
        "frankfurt-hotel-miles",
        (
            "Flying into Frankfurt on the 22nd and renting a car for 4 days. The hotel is 142 km "
            "from the airport — how far is that in miles?"
        ),
        [[("convert_units", {"value": 142, "from_unit": "km", "to_unit": "miles"})]],
        "142 km is about 88.2 miles.",
    ),
    # context: none (a no answered in words)
    Case(
        "is-221-prime",
        "Is 221 prime?",
        [[("is_prime", {"n": 221})]],
        "No, 221 is not prime — it's 13 × 17.",
    ),
    # context: 16 (daughter's birthday), 6 (party time)
    Case(
        "birthday-chili-beef",
        (
            "Making chili for my daughter's 16th, party starts at 6. The recipe serves 4 and "
            "uses 600 g of beef. How much beef do I need for 12 servings?"
        ),
        [
            [("divide", {"a": 600, "b": 4})],
            [("multiply", {"a": 150.0, "b": 12})],
        ],
        "You'll need 1,800 g (1.8 kg) of beef for 12 servings — that's 150 g per serving.",
    ),
    # context: 9 (age), 2 (2am)
    Case(
        "lucky-number-2027",
        "my lucky number since i was 9 is 2027. is it prime?? asking at 2am lol",
        [[("is_prime", {"n": 2027})]],
        "Yes — 2027 is a prime number.",
    ),
    # context: 10 (daughter's age)
    Case(
        "zh-daughter-asks-97",
        "我女儿10岁，刚才问我97是不是质数，我一下子想不起来了😅",
        [[("is_prime", {"n": 97})]],
        "是的，97 是质数，可以放心告诉她。",
    ),
    # context: 23 (age)
    Case(
        "student-loan-interest",
        (
            "I'm 23, graduated in May. My loan is $18,500 at 6.8% simple interest a year. How "
            "much interest do I pay in one year?"
        ),
        [[("python_calculator", {"input": "18500 * 6.8 / 100"})]],
        "You'd pay $1,258 in interest over one year.",
    ),
    # context: 3 (3rd half marathon), 4471 (bib number)
    Case(
        "half-marathon-pace",
        (
            "Ran my 3rd half marathon on Sunday (bib #4471!). 21.1 km in 118 minutes — what "
            "was my pace per km?"
        ),
        [[("divide", {"a": 118, "b": 21.1})]],
        "Your pace was about 5.59 minutes per km — roughly 5:36 per km.",
    ),
    # context: 1987 (year the house was built)
    Case(
        "garage-heater-watts",
        (
            "Wiring up the garage in our house (built 1987). The heater draws 12.5 A at 240 V, "
            "how many watts is that?"
        ),
        [[("multiply", {"a": 12.5, "b": 240})]],
        "The heater uses 3,000 W (3 kW).",
    ),
    # context: none (a receipt after sending an email)
    Case(
        "email-quarterly-review",
        "Email jordan.lee@example.com with the subject Quarterly review moved",
        [
            [
                (
                    "send_email",
                    {"to": "jordan.lee@example.com", "subject": "Quarterly review moved"},
                ),
            ],
        ],
        (
            'Done — your email to jordan.lee@example.com with the subject "Quarterly review '
            'moved" has been queued (id 7f3a-22).'
        ),
    ),
    # context: 5 (classes taught), 3 (period)
    Case(
        "period-three-average",
        (
            "I teach 5 classes. For period 3, the 27 students scored 2214 points total on the "
            "quiz. What's the class average?"
        ),
        [[("divide", {"a": 2214, "b": 27})]],
        "The class average is 82 points.",
    ),
    # context: 5 (years at the company)
    Case(
        "zh-annual-income",
        "我在这家公司干了5年了，月薪12800，年终奖按2个月算，一年总共能拿多少？",
        [[("python_calculator", {"input": "12800 * 12 + 12800 * 2"})]],
        "一年总共能拿 179,200 元（12 个月工资加 2 个月年终奖）。",
    ),
    # context: 67 (age)
    Case(
        "pension-per-year",
        "I turned 67 in March. My pension is $2,730 a month, what is that for a whole year?",
        [[("multiply", {"a": 2730, "b": 12})]],
        "That's $32,760 a year.",
    ),
    # context: 3 (hours grinding)
    Case(
        "boss-drop-chance",
        (
            "been grinding this boss for like 3 hours. drop rate is 1/64, whats the chance i "
            "get it at least once in 100 kills"
        ),
        [[("python_calculator", {"input": "1 - (1 - 1/64) ** 100"})]],
        "About 79.3% — that's your chance of at least one drop in 100 kills.",
    ),
    # context: 2015 (car model year), 7 (departure time)
    Case(
        "corolla-road-trip-gas",
        (
            "My 2015 Corolla gets 32 mpg and gas is $3.89 a gallon. What will a 410-mile road "
            "trip cost in gas? We leave Friday at 7."
        ),
        [
            [("divide", {"a": 410, "b": 32})],
            [("multiply", {"a": 12.8125, "b": 3.89})],
        ],
        "About $49.84 in gas — the trip uses roughly 12.8 gallons.",
    ),
    # context: none (a comparison from two parallel calls)
    Case(
        "compare-two-powers",
        "Which is bigger, 2^10 or 10^3?",
        [
            [
                ("power", {"base": 2, "exponent": 10}),
                ("power", {"base": 10, "exponent": 3}),
            ],
        ],
        "2^10 is bigger: 2^10 = 1024, while 10^3 = 1000.",
    ),
    # context: 12 (bed number)
    Case(
        "peds-weight-dose",
        "Peds ward, bed 12. Kid weighs 18 kg and the order is 15 mg/kg. Dose?",
        [[("multiply", {"a": 18, "b": 15})]],
        "The dose is 270 mg.",
    ),
    # context: 6 (guests)
    Case(
        "zh-braised-pork",
        "今天家里来6个客人，我想做红烧肉，五花肉28块一斤，买3.5斤要多少钱？",
        [[("multiply", {"a": 28, "b": 3.5})]],
        "3.5 斤五花肉一共 98 元。",
    ),
    # context: 2 (register number)
    Case(
        "register-sales-tax",
        (
            "Customer at register 2 has $146.80 in items and sales tax here is 8.25%. What's "
            "the total with tax?"
        ),
        [[("python_calculator", {"input": "146.80 * (1 + 8.25 / 100)"})]],
        "The total with tax is $158.91.",
    ),
    # context: 30 (date leaving), 1108 (room number)
    Case(
        "tokyo-dinner-dollars",
        (
            "I'm in Tokyo till the 30th, staying in room 1108. Dinner tonight was 18,400 yen "
            "and the rate is 151.3 yen to the dollar. How much was that in dollars?"
        ),
        [[("divide", {"a": 18400, "b": 151.3})]],
        "Dinner came to about $121.61.",
    ),
    # context: 2020 (year they moved)
    Case(
        "oven-fahrenheit-to-celsius",
        "our oven's been weird since we moved in 2020. recipe says 350F, what's that in celsius",
        [[("python_calculator", {"input": "(350 - 32) * 5 / 9"})]],
        "350 °F is about 177 °C.",
    ),
    # context: 7 (drawing revision), 14 (bridge 14B)
    Case(
        "round-bar-section-area",
        (
            "Reviewing drawing rev 7 for bridge 14B. Need the cross-section area of a round bar "
            "with radius 0.35 m."
        ),
        [[("python_calculator", {"input": "3.141592653589793 * 0.35 ** 2"})]],
        "The cross-section area is about 0.385 m².",
    ),
    # context: none (an answer written as a * b = c)
    Case(
        "twenty-three-times-nineteen",
        "what's 23 times 19",
        [[("multiply", {"a": 23, "b": 19})]],
        "23 * 19 = 437",
    ),
    # context: 11.3 (game patch)
    Case(
        "build-dps",
        (
            "my build does 1840 dmg per hit and attacks 2.6 times a second, what's the dps? "
            "(patch 11.3)"
        ),
        [[("multiply", {"a": 1840, "b": 2.6})]],
        "Your DPS is 4,784.",
    ),
    # context: 7 (homework problem number), 二 (second year of high school)
    Case(
        "zh-homework-power",
        "高二，作业第7题：3的12次方是多少？",
        [[("power", {"base": 3, "exponent": 12})]],
        "3 的 12 次方等于 531441。",
    ),
    # context: 4 (son's age)
    Case(
        "college-fund-total",
        (
            "I put $150 a month into my son's college fund. He's 4 now and starts college in "
            "14 years. How much will I have put in by then, not counting interest?"
        ),
        [[("python_calculator", {"input": "150 * 12 * 14"})]],
        "You'll have put in $25,200.",
    ),
    # context: 78 (age)
    Case(
        "retiree-walk-km",
        (
            "At 78 my doctor wants me walking every day. I walked 3.2 miles today — how many "
            "kilometers is that?"
        ),
        [[("convert_units", {"value": 3.2, "from_unit": "miles", "to_unit": "km"})]],
        "3.2 miles is about 5.15 km — well done!",
    ),
    # context: 17 (rides), 3 (January 3rd)
    Case(
        "uber-hourly",
        (
            "Drove Uber 6.5 hours yesterday, 17 rides, best day since January 3rd. Made "
            "$214.50. What's that per hour?"
        ),
        [[("divide", {"a": 214.5, "b": 6.5})]],
        "That's $33 an hour.",
    ),
    # context: none (a knowledge answer with no tool call)
    Case(
        "capital-of-australia",
        "What's the capital of Australia?",
        [],
        "The capital of Australia is Canberra.",
    ),
    # context: 241 (course number)
    Case(
        "number-theory-1001",
        "For my number theory class (MATH 241): is 1001 prime?",
        [[("is_prime", {"n": 1001})]],
        "No, 1001 isn't prime — it factors as 7 × 11 × 13.",
    ),
    # context: 68 (age)
    Case(
        "zh-pension-saved",
        "我今年68岁，退休金每月4350元，存了18个月没动，一共是多少钱？",
        [[("multiply", {"a": 4350, "b": 18})]],
        "18 个月一共是 78,300 元。",
    ),
    # context: 6 (pallet number)
    Case(
        "screws-into-bags",
        "Got 1,440 screws in on pallet 6, need to bag them 24 to a bag. How many bags?",
        [[("divide", {"a": 1440, "b": 24})]],
        "That makes 60 bags.",
    ),
    # context: 2018 (spec sheet year), 9 (meeting time)
    Case(
        "cable-runs-km",
        (
            "Spec sheet from 2018 lists the main cable run as 0.75 miles and the backup run as "
            "1.2 miles. EU team meeting at 9, I need both in km."
        ),
        [
            [
                ("convert_units", {"value": 0.75, "from_unit": "miles", "to_unit": "km"}),
                ("convert_units", {"value": 1.2, "from_unit": "miles", "to_unit": "km"}),
            ],
        ],
        "Main run: about 1.207 km. Backup run: about 1.931 km.",
    ),
    # context: 5 (nights), 1351 (flight number)
    Case(
        "lisbon-airbnb-split",
        (
            "Back from Lisbon (5 nights, flight TP 1351 lol). The Airbnb was €1,260 split 3 "
            "ways, what does each person owe?"
        ),
        [[("divide", {"a": 1260, "b": 3})]],
        "Each person owes €420.",
    ),
    # context: 3 (bed number)
    Case(
        "zh-nurse-dose",
        "3床病人体重62公斤，医嘱按0.5mg/kg给药，剂量是多少？",
        [[("multiply", {"a": 62, "b": 0.5})]],
        "剂量是 31 mg。",
    ),
    # context: 8 (June 8), 11 (11th wedding this year)
    Case(
        "wedding-rice",
        (
            "Rice is $1.35 a pound and I need 45 pounds. Total? (wedding is June 8, my 11th one "
            "this year)"
        ),
        [[("multiply", {"a": 1.35, "b": 45})]],
        "45 pounds of rice comes to $60.75.",
    ),
    # context: 305 (room number)
    Case(
        "iv-bag-duration",
        "Patient in room 305 has a 500 mL bag running at 80 mL/hr. How long will it last?",
        [[("divide", {"a": 500, "b": 80})]],
        "It'll last 6.25 hours — that's 6 hours 15 minutes.",
    ),
    # context: 2 (season 2)
    Case(
        "raid-gold-split",
        (
            "raid group of 4 from our guild (together since season 2) split 8,630 gold evenly, "
            "how much each?"
        ),
        [[("divide", {"a": 8630, "b": 4})]],
        "Each of you gets 2,157.5 gold.",
    ),
    # context: none (a zero answered in words)
    Case(
        "remainder-1001-by-7",
        "What's the remainder when 1001 is divided by 7?",
        [[("python_calculator", {"input": "1001 % 7"})]],
        "There's no remainder — 1001 divides evenly by 7.",
    ),
    # context: 3 (baby's age in months)
    Case(
        "diaper-box-days",
        (
            "Baby is 3 months old and goes through about 9 diapers a day. A box has 168. How "
            "long does a box last?"
        ),
        [[("divide", {"a": 168, "b": 9})]],
        "A box lasts about 18.7 days — a little over two and a half weeks.",
    ),
    # context: 8 (years running the shop)
    Case(
        "zh-shop-margin",
        "我开小超市8年了，这批货进价1850元，卖了2680元，赚了多少？利润率多少？",
        [
            [("python_calculator", {"input": "2680 - 1850"})],
            [("python_calculator", {"input": "830 / 1850 * 100"})],
        ],
        "赚了 830 元，按进价算利润率约为 44.9%。",
    ),
    # context: 19 (age)
    Case(
        "first-savings-account",
        (
            "I'm 19 and just opened my first savings account. If I put in $2,000 at 4% "
            "compounded yearly for 5 years, what will I have?"
        ),
        [[("python_calculator", {"input": "2000 * (1 + 4 / 100) ** 5"})]],
        "After 5 years you'll have about $2,433.31.",
    ),
    # context: 81 (age)
    Case(
        "pill-bottle-days",
        (
            "I take 2 pills twice a day and each bottle has 90 pills. How many days does a "
            "bottle last? I'm 81 and my math isn't what it was."
        ),
        [[("python_calculator", {"input": "90 / (2 * 2)"})]],
        "A bottle lasts 22 and a half days.",
    ),
    # context: 50 (birthday)
    Case(
        "canada-speed-limit",
        (
            "Renting a car in Canada for my 50th birthday trip. The sign says 100 km/h — "
            "what's that in mph?"
        ),
        [[("convert_units", {"value": 100, "from_unit": "km", "to_unit": "miles"})]],
        "100 km/h is about 62 mph.",
    ),
    # context: none (two parallel lookups, then an answer)
    Case(
        "where-do-priya-and-tom-sit",
        "Where do Priya Nair and Tom Becker sit?",
        [
            [
                ("lookup_employee", {"name": "Priya Nair"}),
                ("lookup_employee", {"name": "Tom Becker"}),
            ],
        ],
        "Priya Nair and Tom Becker are both in office B-214, extension 4417.",
    ),
    # context: 10 (anniversary), 2015 (year opened)
    Case(
        "anniversary-sale-jacket",
        (
            "It's our store's 10th anniversary sale (we opened in 2015). Jacket is $189 with "
            "35% off. What's the new price?"
        ),
        [[("python_calculator", {"input": "189 * (1 - 35 / 100)"})]],
        "The jacket is now $122.85.",
    ),
    # context: 3 (lab bench)
    Case(
        "bench-resistor-voltage",
        "lab bench 3: 4.7 kΩ resistor with 2.2 mA through it. voltage across it?",
        [[("python_calculator", {"input": "4.7 * 2.2"})]],
        "About 10.34 V (4.7 kΩ × 2.2 mA).",
    ),
    # context: 3 (years playing)
    Case(
        "zh-genshin-pulls",
        "玩原神3年了，现在攒了12960原石，一抽160，能抽几次？",
        [[("divide", {"a": 12960, "b": 160})]],
        "能抽 81 次。",
    ),
    # context: 26 (kids in the class)
    Case(
        "cookie-batches-flour",
        (
            "making 3 batches of cookies for my kid's class (26 kids lol). each batch needs "
            "2.25 cups of flour, how many cups total?"
        ),
        [[("multiply", {"a": 2.25, "b": 3})]],
        "You need 6.75 cups of flour (6¾ cups).",
    ),
    # context: 2025 (class year)
    Case(
        "senior-test-average",
        "senior here (class of 2025). my test scores were 88, 92, 79 and 95, what's my average?",
        [[("python_calculator", {"input": "(88 + 92 + 79 + 95) / 4"})]],
        "Your average is 88.5.",
    ),
    # context: none (a repeated identical call, then an answer)
    Case(
        "double-check-1009",
        "Is 1009 prime? Please double-check.",
        [
            [("is_prime", {"n": 1009})],
            [("is_prime", {"n": 1009})],
        ],
        "Yes, 1009 is prime — I checked it twice.",
    ),
    # context: 7 (server number)
    Case(
        "idle-game-multiplier",
        (
            "idle game question, im on server 7. each upgrade triples my output, if i buy 9 "
            "upgrades whats the total multiplier"
        ),
        [[("power", {"base": 3, "exponent": 9})]],
        "9 upgrades give you a 19,683× multiplier.",
    ),
    # context: 10 (son's birthday)
    Case(
        "birthday-pizzas",
        "Ordering for my son's 10th birthday. Large pizzas are $14.99 and we need 7. Total?",
        [[("multiply", {"a": 14.99, "b": 7})]],
        "7 large pizzas come to $104.93.",
    ),
    # context: 五一 (May Day holiday), 5 (days)
    Case(
        "zh-chengdu-aa-split",
        "五一假期我们4个人去成都玩了5天，总共花了9840元，AA的话每人多少？",
        [[("divide", {"a": 9840, "b": 4})]],
        "AA 的话每人 2460 元。",
    ),
    # context: 54 (age), 0300 (admission time)
    Case(
        "patient-weight-kg",
        "Pt is 54 y/o, admitted at 0300, weight 176 lb. Need it in kg.",
        [[("python_calculator", {"input": "176 / 2.20462"})]],
        "176 lb is about 79.8 kg.",
    ),
    # context: none (a plain conversion)
    Case(
        "marathon-distance-miles",
        "Convert 42.195 km to miles.",
        [[("convert_units", {"value": 42.195, "from_unit": "km", "to_unit": "miles"})]],
        "42.195 km is about 26.22 miles.",
    ),
    # context: 42 (route number)
    Case(
        "route-packages-per-hour",
        "FedEx route 42 today: 138 packages in 9.5 hours. Packages per hour?",
        [[("divide", {"a": 138, "b": 9.5})]],
        "About 14.5 packages per hour.",
    ),
    # context: 10 (age when started), 70 (age now)
    Case(
        "garden-bed-area",
        (
            "My garden bed is 12 ft by 4.5 ft. How many square feet is that? I've been "
            "gardening since I was 10 and I'm 70 now, first time I ever measured it!"
        ),
        [[("multiply", {"a": 12, "b": 4.5})]],
        "Your garden bed is 54 square feet.",
    ),
    # context: none (a zero answered in words)
    Case(
        "zh-any-unread",
        "帮我看一下有没有未读邮件",
        [[("count_unread", {})]],
        "没有，你现在没有未读邮件。",
    ),
    # context: 6 (years with the shop)
    Case(
        "employee-gross-pay",
        (
            "My employee worked 27.5 hours this week at $16.25 an hour. What's her gross pay? "
            "She's been with us 6 years."
        ),
        [[("multiply", {"a": 27.5, "b": 16.25})]],
        "Her gross pay is $446.88.",
    ),
    # context: 3 (days until due), 1500 (word count)
    Case(
        "nile-length-miles",
        (
            "for my geography essay (due in 3 days, 1500 words ugh) the nile is 6650 km long, "
            "how many miles is that"
        ),
        [[("convert_units", {"value": 6650, "from_unit": "km", "to_unit": "miles"})]],
        "The Nile is about 4,132 miles long.",
    ),
    # context: 25 (anniversary)
    Case(
        "anniversary-dinner-tip",
        (
            "Dinner in NYC for our 25th anniversary came to $212. I want to tip 20%. How much "
            "is the tip?"
        ),
        [[("python_calculator", {"input": "212 * 20 / 100"})]],
        "The tip would be $42.40.",
    ),
    # context: 1.8 (game version)
    Case(
        "minecraft-seed-prime",
        "is 7919 prime? want to use it as a world seed, been playing minecraft since 1.8",
        [[("is_prime", {"n": 7919})]],
        "Yes, 7919 is prime.",
    ),
    # context: none (a plain division)
    Case(
        "million-over-365",
        "Divide 1,000,000 by 365.",
        [[("divide", {"a": 1000000, "b": 365})]],
        "1,000,000 ÷ 365 ≈ 2,739.73.",
    ),
    # context: 14 (turkey weight), 11 (guests)
    Case(
        "turkey-brine-salt",
        (
            "Brining a 14 lb turkey for Thanksgiving, 11 people coming. The brine is 60 g of "
            "salt per litre and I need 3.5 litres. How much salt?"
        ),
        [[("multiply", {"a": 60, "b": 3.5})]],
        "You'll need 210 g of salt.",
    ),
    # context: 3 (day 3 at the job)
    Case(
        "new-hire-finds-marcus",
        "Started Monday, day 3 here lol. Where's Marcus Chen's office?",
        [[("lookup_employee", {"name": "Marcus Chen"})]],
        "Marcus Chen is in office B-214, extension 4417.",
    ),
    # context: none (an answer written as a * b = c)
    Case(
        "zh-37-times-43",
        "37乘以43等于多少？",
        [[("multiply", {"a": 37, "b": 43})]],
        "37 * 43 = 1591",
    ),
    # context: 101 (fever), 4 (4am)
    Case(
        "sick-day-email",
        (
            "Email hr@northwind.com with the subject Sick day — I've had a 101 fever since 4am "
            "and can't come in"
        ),
        [[("send_email", {"to": "hr@northwind.com", "subject": "Sick day"})]],
        'Sent — your "Sick day" email to hr@northwind.com is queued (id 7f3a-16). Feel better!',
    ),
    # context: none (a send and a check in parallel, then a receipt)
    Case(
        "send-and-check-inbox",
        (
            "Send ops@acme.io an email with the subject Server restart tonight, and check "
            "whether I have any unread mail."
        ),
        [
            [
                ("send_email", {"to": "ops@acme.io", "subject": "Server restart tonight"}),
                ("count_unread", {}),
            ],
        ],
        "Your email to ops@acme.io is queued (id 7f3a-11), and you have no unread mail.",
    ),
    # context: 2 (weeks off), 300 (emails guessed)
    Case(
        "back-from-vacation-unread",
        "Back from 2 weeks off, probably 300 emails waiting... how many unread do I have?",
        [[("count_unread", {})]],
        "Good news — you have zero unread emails.",
    ),
    # context: none (a knowledge answer with no tool call)
    Case(
        "zh-capital-of-china",
        "中国的首都是哪里？",
        [],
        "中国的首都是北京。",
    ),
    # context: 15 (departure date)
    Case(
        "zh-road-trip-km",
        "下个月15号去美国自驾，导航显示要开320英里，换算成公里是多少？",
        [[("convert_units", {"value": 320, "from_unit": "miles", "to_unit": "km"})]],
        "320 英里大约是 514.99 公里，差不多 515 公里。",
    ),
]

SHORT = [
    # unused: 6 (the delivery fee)
    Case(
        "dog-food-delivery",
        (
            "I bought 3 bags of dog food at $24.99 each for my 2 labs, and there's a $6 "
            "delivery fee. What's the total?"
        ),
        [[("multiply", {"a": 24.99, "b": 3})]],
        "Your total comes to $74.97.",
    ),
    # unused: 4 (people splitting the bill)
    Case(
        "dinner-tip-split",
        "Dinner bill was $184. Add an 18% tip and split it between 4 of us — how much each?",
        [[("python_calculator", {"input": "184 * (1 + 18 / 100)"})]],
        "With the 18% tip, it comes to $217.12.",
    ),
    # unused: 85 (minutes run)
    Case(
        "run-pace-per-km",
        "I ran 10 miles in 85 minutes this morning. What's my pace per km?",
        [[("convert_units", {"value": 10, "from_unit": "miles", "to_unit": "km"})]],
        "Your run was about 16.09 km.",
    ),
    # unused: 22 (tax percentage)
    Case(
        "yearly-take-home",
        "I'm 29 and make $4,200 a month. What's my yearly take-home if 22% goes to taxes?",
        [[("multiply", {"a": 4200, "b": 12})]],
        "Your yearly take-home is $50,400.",
    ),
    # unused: 3.25 (price per square foot)
    Case(
        "bedroom-carpet-cost",
        (
            "Bedroom is 14 ft by 11 ft and the carpet I like is $3.25 per sq ft. How much will "
            "it cost?"
        ),
        [[("multiply", {"a": 14, "b": 11})]],
        "You'll need 154 square feet of carpet.",
    ),
    # unused: 12 (hours of infusion)
    Case(
        "drip-rate-gtt-per-min",
        "Need to infuse 1500 mL over 12 hours with 15 gtt/mL tubing. Drip rate in gtt/min?",
        [[("multiply", {"a": 1500, "b": 15})]],
        "The drip rate is 22,500 gtt.",
    ),
    # unused: 3.59 (price per gallon)
    Case(
        "road-trip-gas-cost",
        "Trip is 520 miles, my car does 28 mpg and gas is $3.59 a gallon. What will gas cost me?",
        [[("divide", {"a": 520, "b": 28})]],
        "You'll need about 18.6 gallons for the trip.",
    ),
    # unused: 10 (people to feed)
    Case(
        "pasta-for-ten",
        "Recipe serves 4 with 250 g of pasta. I'm feeding 10 people. How much pasta?",
        [[("divide", {"a": 250, "b": 4})]],
        "You'll need 62.5 g of pasta.",
    ),
    # unused: 8 (years)
    Case(
        "cd-compound-years",
        "$5,000 at 3.5% compounded annually for 8 years — what's the final amount?",
        [[("python_calculator", {"input": "5000 * (1 + 3.5 / 100)"})]],
        "You'll end up with $5,175.",
    ),
    # unused: 5 (days a week)
    Case(
        "commute-weekly-km",
        "It's 12 miles to work. I drive there and back 5 days a week. How many km is that a week?",
        [[("convert_units", {"value": 12, "from_unit": "miles", "to_unit": "km"})]],
        "That's about 19.31 km a week.",
    ),
    # unused: 7 (sales tax percentage)
    Case(
        "laptop-discount-then-tax",
        "Laptop is $1,299, 15% off, then 7% sales tax on top. Final price?",
        [[("python_calculator", {"input": "1299 * (1 - 15 / 100)"})]],
        "The final price is $1,104.15.",
    ),
    # unused: 6 (overtime hours)
    Case(
        "warehouse-overtime-pay",
        (
            "Worked 40 regular hours at $18/hr plus 6 hours overtime at time and a half. Been "
            "at this warehouse 3 years. What's my gross?"
        ),
        [[("multiply", {"a": 40, "b": 18})]],
        "Your gross pay is $720.",
    ),
    # unused: 3 (hits landed)
    Case(
        "crit-total-damage",
        "Base damage 450, crit multiplier 2.5, and I land 3 hits. Total damage if they all crit?",
        [[("multiply", {"a": 450, "b": 2.5})]],
        "Total damage would be 1,125.",
    ),
    # unused: 91 (the second number to check)
    Case(
        "are-97-and-91-prime",
        "Are 97 and 91 both prime?",
        [[("is_prime", {"n": 97})]],
        "Yes, both are prime.",
    ),
    # unused: 49 (sign-up fee)
    Case(
        "gym-first-year",
        "Gym is $39.99 a month plus a $49 sign-up fee. What do I pay in the first year?",
        [[("multiply", {"a": 39.99, "b": 12})]],
        "You'll pay $479.88 in the first year.",
    ),
    # unused: 94 (the fifth score)
    Case(
        "five-quiz-average",
        "My quiz scores: 78, 85, 91, 88, 94. What's my average?",
        [[("python_calculator", {"input": "(78 + 85 + 91 + 88) / 4"})]],
        "Your average is 85.5.",
    ),
    # unused: 60 (cans wanted)
    Case(
        "sixty-cans-cost",
        "A case of 24 cans costs $13.68. What would 60 cans cost?",
        [[("divide", {"a": 13.68, "b": 24})]],
        "Each can costs $0.57.",
    ),
    # unused: 2 (coats)
    Case(
        "paint-two-coats",
        (
            "Wall area is 320 sq ft, one gallon covers 350 sq ft, and I'm doing 2 coats. How "
            "many gallons do I need?"
        ),
        [[("divide", {"a": 320, "b": 350})]],
        "About 0.91 gallons — a single gallon will cover it.",
    ),
    # unused: 10 (tip)
    Case(
        "babysitter-with-tip",
        (
            "Sitter charges $17/hr, she was here 5.5 hours tonight, and I want to add a $10 "
            "tip. How much do I owe her?"
        ),
        [[("multiply", {"a": 17, "b": 5.5})]],
        "You owe her $93.50.",
    ),
    # unused: 35 (bag fee)
    Case(
        "family-flights-bag-fee",
        (
            "Flights are $389 per person, we're a family of 5, plus a $35 bag fee. How much for "
            "the whole thing?"
        ),
        [[("python_calculator", {"input": "389 * 5"})]],
        "The whole thing comes to $1,945.",
    ),
    # unused: 10 (days of treatment)
    Case(
        "antibiotic-tablets",
        (
            "Take 500 mg three times a day for 10 days; tablets are 250 mg. How many tablets do "
            "I need in total?"
        ),
        [[("divide", {"a": 500, "b": 250})]],
        "You'll need 2 tablets.",
    ),
    # unused: 300 (starting count)
    Case(
        "bacteria-doubling",
        "Bacteria double every 20 minutes. Starting with 300, how many are there after 4 hours?",
        [[("python_calculator", {"input": "2 ** (4 * 60 / 20)"})]],
        "After 4 hours there will be 4,096 bacteria.",
    ),
    # unused: 7 (marathons run)
    Case(
        "marathons-total-km",
        "A marathon is 26.2 miles. I'm 45 and I've done 7 of them — how many km is that in total?",
        [[("convert_units", {"value": 26.2, "from_unit": "miles", "to_unit": "km"})]],
        "That's about 42.16 km in total.",
    ),
    # unused: 240 (utilities)
    Case(
        "rent-and-utilities-split",
        (
            "Rent is $2,850 and utilities are $240, split between 3 roommates. What does each "
            "person pay?"
        ),
        [[("divide", {"a": 2850, "b": 3})]],
        "Each of you pays $950.",
    ),
    # unused: 4 (years)
    Case(
        "car-depreciation",
        (
            "Car loses 15% of its value a year. Bought it for $28,000. What's it worth after 4 "
            "years?"
        ),
        [[("python_calculator", {"input": "28000 * (1 - 15 / 100)"})]],
        "It'll be worth $23,800.",
    ),
    # unused: 3 (hours cycling)
    Case(
        "cycling-distance-miles",
        "Cycling at 18 km/h for 3 hours, how far is that in miles?",
        [[("convert_units", {"value": 18, "from_unit": "km", "to_unit": "miles"})]],
        "You'll cover about 11.18 miles.",
    ),
    # unused: 74 (exam score)
    Case(
        "weighted-final-grade",
        (
            "Homework is 20% of my grade and I have a 92; the exam is 80% and I got a 74. "
            "What's my final grade?"
        ),
        [[("python_calculator", {"input": "92 * 20 / 100"})]],
        "Your final grade is 18.4.",
    ),
    # unused: 22 (price per foot)
    Case(
        "yard-fence-cost",
        "Fencing a yard 45 ft by 30 ft, fencing is $22 a foot. What will it cost?",
        [[("python_calculator", {"input": "2 * (45 + 30)"})]],
        "You'll need 150 feet of fencing.",
    ),
    # unused: 10 (percent extra for waste)
    Case(
        "bathroom-tiles-waste",
        (
            "Bathroom floor is 8 ft x 6 ft, using one-foot square tiles, plus 10% extra for "
            "waste. How many tiles should I buy?"
        ),
        [[("multiply", {"a": 8, "b": 6})]],
        "You should buy 48 tiles.",
    ),
    # unused: 30 (minutes of break)
    Case(
        "trucker-arrival-hours",
        (
            "Truck 18 here. 660 miles to go, I average 55 mph, plus a mandatory 30-minute "
            "break. How many hours till I arrive?"
        ),
        [[("divide", {"a": 660, "b": 55})]],
        "You'll arrive in 12 hours.",
    ),
    # unused: 60 (minutes on Wednesday)
    Case(
        "cycling-calories-week",
        (
            "I burn 11.5 calories a minute cycling. Rode 45 min Monday and 60 min Wednesday. "
            "Total calories?"
        ),
        [[("multiply", {"a": 11.5, "b": 45})]],
        "You burned 517.5 calories.",
    ),
    # unused: 2400 (already saved)
    Case(
        "car-savings-months",
        (
            "Saving $9,000 for a car. I already have $2,400 and can put away $550 a month. How "
            "many months to go?"
        ),
        [[("divide", {"a": 9000, "b": 550})]],
        "It'll take about 16.4 months.",
    ),
    # unused: 2 (installments)
    Case(
        "property-tax-installments",
        (
            "Property tax is 1.2% of my home's value, which is $385,000, and I pay it in 2 "
            "installments. How much is each one?"
        ),
        [[("python_calculator", {"input": "385000 * 1.2 / 100"})]],
        "Each installment is $4,620.",
    ),
    # unused: 15 (setup fee)
    Case(
        "flyers-setup-fee",
        "Printing 350 flyers at $0.12 each, plus a $15 setup fee. Total?",
        [[("multiply", {"a": 350, "b": 0.12})]],
        "The total is $42.",
    ),
    # unused: 9 (monthly insurance add-on)
    Case(
        "phone-plan-yearly",
        (
            "My phone plan is $45/month (had it since 2017) and there's a $9 monthly insurance "
            "add-on. What do I pay a year?"
        ),
        [[("multiply", {"a": 45, "b": 12})]],
        "You pay $540 a year.",
    ),
    # unused: 48 (weeks worked a year)
    Case(
        "nurse-annual-pay",
        (
            "I'm a nurse making $38.50 an hour, 36 hours a week, and I work 48 weeks a year. "
            "What's that annually?"
        ),
        [[("multiply", {"a": 38.5, "b": 36})]],
        "That's $1,386.",
    ),
    # unused: 4 (days a week)
    Case(
        "10k-training-weekly-miles",
        (
            "Training for my first 10K in 6 weeks. I run 5 km a day, 4 days a week — how many "
            "miles a week is that?"
        ),
        [[("convert_units", {"value": 5, "from_unit": "km", "to_unit": "miles"})]],
        "That's about 3.11 miles a week.",
    ),
    # unused: 12 (shipping fee)
    Case(
        "zh-clothes-shipping",
        "买了3件衣服，每件129元，运费12元，一共多少钱？",
        [[("multiply", {"a": 129, "b": 3})]],
        "一共 387 元。",
    ),
    # unused: 3 (roommates)
    Case(
        "zh-rent-three-way",
        "我住12楼，房租每月4800，水电大概300，我们3个人合租，每人每月出多少？",
        [[("python_calculator", {"input": "4800 + 300"})]],
        "房租加水电每月一共 5100 元。",
    ),
    # unused: 2万 (the 20000 year-end bonus)
    Case(
        "zh-annual-with-bonus",
        "月薪9500，年终奖2万，一年总收入多少？",
        [[("multiply", {"a": 9500, "b": 12})]],
        "一年总收入 114,000 元。",
    ),
    # unused: 4.5 (hours driven)
    Case(
        "zh-average-speed-mph",
        "开车360公里用了4.5小时，平均时速合多少英里？",
        [[("convert_units", {"value": 360, "from_unit": "km", "to_unit": "miles"})]],
        "大约 223.69 英里。",
    ),
    # unused: 10 (servings wanted)
    Case(
        "zh-cake-flour",
        "做蛋糕，原方子4人份用面粉200克，我要做10人份，要多少面粉？",
        [[("divide", {"a": 200, "b": 4})]],
        "需要 50 克面粉。",
    ),
    # unused: 3 (years on deposit)
    Case(
        "zh-deposit-interest",
        "存10万定期，年利率2.5%，存3年（单利），到期利息多少？",
        [[("python_calculator", {"input": "100000 * 2.5 / 100"})]],
        "到期利息是 2500 元。",
    ),
    # unused: 111 (the second number to check)
    Case(
        "zh-101-and-111-prime",
        "101和111都是质数吗？",
        [[("is_prime", {"n": 101})]],
        "是的，都是质数。",
    ),
    # unused: 16 (weeks of classes)
    Case(
        "zh-tutoring-total",
        "孩子上初二，补习班每节课150元，一周2节，上了16周，一共花了多少？",
        [[("multiply", {"a": 150, "b": 2})]],
        "一共花了 300 元。",
    ),
]

SENT_BACK_WITH_THE_AIDS = {"zh-braised-pork", "zh-chengdu-aa-split", "zh-genshin-pulls"}
"""Correct answers the aids still send back: Chinese questions written as one clause, where
every number stands in the clause that asks."""

CAUGHT_WITH_THE_AIDS = 8
"""Stopped-short questions the aids send back on every strategy (of 45)."""
