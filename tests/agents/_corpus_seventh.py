# ruff: noqa: E501
"""A seventh corpus, written without reading the checks: 81 correct, complete answers (`STAND`), 66 of them to questions carrying pure context numbers (specs, ages, dates, scores, addresses, temperatures, guesses, numbers inside email subjects) that the computation does not need, and 15 with no context numbers at all (worded booleans and zeros, receipts, comparisons, a * b = c, knowledge answers without tools, parallel and repeated calls); plus 45 stopped-short runs (`SHORT`) whose answer leaves out a number the question needs, 7 of which also carry context numbers. 17 correct and 9 stopped-short questions are in Chinese."""

from __future__ import annotations

from test_answers_stand import Case

STAND = [
    # context: 77-inch, OLED, 2023 model
    Case(
        "tv-and-bracket-total",
        'Just mounted my new 77" OLED (the 2023 model, finally lol). The TV was 1249 and the wall bracket was 89 — what did I spend in total?',
        [[("python_calculator", {"input": "1249 + 89"})]],
        "You spent $1,338 in total — $1,249 for the TV plus $89 for the bracket.",
    ),
    # context: 15-bar, 7 years
    Case(
        "espresso-machine-price-gap",
        "my 15-bar espresso machine died after 7 years :( comparing two replacements, one is 129.99 and the other is 164.50. how much more is the second one?",
        [[("python_calculator", {"input": "164.50 - 129.99"})]],
        "The second machine costs $34.51 more than the first.",
    ),
    # context: flight BA2317, 6:45am, gate 14
    Case(
        "layover-distance-km",
        "Flight BA2317 leaves at 6:45am from gate 14 tomorrow, ugh. The layover city is 540 miles from home — what's that in km?",
        [[("convert_units", {"value": 540, "from_unit": "miles", "to_unit": "km"})]],
        "540 miles is about 869.05 km.",
    ),
    # context: age 34, credit score 780
    Case(
        "house-savings-18-months",
        "I'm 34 and my credit score is 780, so I'm finally saving for a house. If I put away 650 a month, how much will I have after 18 months?",
        [[("multiply", {"a": 650, "b": 18})]],
        "Saving 650 a month for 18 months gives you 11,700.",
    ),
    # context: 52 minutes, PB 49
    Case(
        "morning-run-miles",
        "Ran 10 km this morning in 52 minutes (my PB is 49, so meh). How many miles is 10 km?",
        [[("convert_units", {"value": 10, "from_unit": "km", "to_unit": "miles"})]],
        "10 km is about 6.21 miles.",
    ),
    # context: blood pressure 128/82
    Case(
        "amoxicillin-total-mg",
        "Doctor put me on 250 mg amoxicillin 3 times a day for 10 days (my BP was 128/82 at the visit, btw). How many mg is that in total over the course?",
        [[("python_calculator", {"input": "250 * 3 * 10"})]],
        "That's 7,500 mg of amoxicillin over the full 10-day course.",
    ),
    # context: 7th grade, question 14
    Case(
        "worksheet-221-prime",
        "my kid is in 7th grade and question 14 on her worksheet asks whether 221 is prime. is it?",
        [[("is_prime", {"n": 221})]],
        "No, 221 is not prime — it's 13 × 17.",
    ),
    # context: 15 slides, room 4B, 2pm (inside the subject)
    Case(
        "email-q3-deck",
        "Send an email to priya@acme.io with the subject 'Q3 deck - 15 slides, room 4B at 2pm'",
        [
            [
                (
                    "send_email",
                    {"to": "priya@acme.io", "subject": "Q3 deck - 15 slides, room 4B at 2pm"},
                )
            ]
        ],
        "Done — your email to priya@acme.io is queued (id 7f3a-13).",
    ),
    # context: 6 year old
    Case(
        "seconds-in-a-day",
        "My 6 year old just asked me how many seconds are in a day and I have no idea lol",
        [[("python_calculator", {"input": "24 * 60 * 60"})]],
        "There are 86,400 seconds in a day (24 × 60 × 60).",
    ),
    # context: zone 7b, Oct 20
    Case(
        "garlic-cloves-needed",
        "Planting garlic this weekend (zone 7b, first frost is usually around Oct 20). The bed has 4 rows with 18 cloves each — how many cloves do I need?",
        [[("multiply", {"a": 4, "b": 18})]],
        "You need 72 cloves for 4 rows of 18.",
    ),
    # context: 2016, 1.5L turbo
    Case(
        "civic-mpg",
        "My 2016 Civic (1.5L turbo) did 412 miles on 11.3 gallons this tank. what's the mpg?",
        [[("divide", {"a": 412, "b": 11.3})]],
        "That works out to about 36.5 mpg.",
    ),
    # context: won 3-1, striker #9 scored twice
    Case(
        "season-ticket-per-game",
        "We won 3-1 last night, our #9 scored twice!! Anyway my season ticket was 540 for 19 home games — what's that per game?",
        [[("divide", {"a": 540, "b": 19})]],
        "Your season ticket works out to about $28.42 per home game.",
    ),
    # context: Raspberry Pi 4, 4 GB RAM
    Case(
        "ipv4-address-count",
        "Setting up a home network on my Raspberry Pi 4 (the 4 GB one). How many IPv4 addresses are there, i.e. what's 2 to the 32?",
        [[("power", {"base": 2, "exponent": 32})]],
        "2^32 = 4,294,967,296, so there are about 4.29 billion IPv4 addresses.",
    ),
    # context: level 47, 120 hours
    Case(
        "rune-upgrades-total",
        "level 47 now, 120 hours in and still dying to the same boss. I need 3 weapon upgrades that cost 18,500 runes each — total runes?",
        [[("multiply", {"a": 3, "b": 18500})]],
        "You need 55,500 runes for the three upgrades.",
    ),
    # context: practising at 120 bpm, 88-key piano
    Case(
        "song-beat-count",
        "I usually practise scales at 120 bpm on my 88-key. The piece I'm learning is 4.5 minutes long at 96 bpm — how many beats is it?",
        [[("python_calculator", {"input": "96 * 4.5"})]],
        "At 96 bpm, a 4.5-minute piece has 432 beats.",
    ),
    # context: 50MP camera, 256 GB phone
    Case(
        "photos-in-free-space",
        "My phone has a 50MP camera and 256 GB storage, and each photo comes out around 12 MB. I've got 64 GB free — roughly how many photos fit (using 1 GB = 1000 MB)?",
        [[("python_calculator", {"input": "64 * 1000 / 12"})]],
        "About 5,333 photos will fit in 64 GB at 12 MB each.",
    ),
    # context: June 14, 150 invited
    Case(
        "centerpiece-cost",
        "Wedding is June 14 and we invited 150 people!! Centerpieces: 18 tables and the florist charges 45 per table. What's the centerpiece bill?",
        [[("multiply", {"a": 18, "b": 45})]],
        "Centerpieces for 18 tables at 45 each come to 810.",
    ),
    # context: 42 Elm St, postcode 90210
    Case(
        "moving-distance-miles",
        "Moving from 42 Elm St (postcode 90210) to a place 312 km away. How far is that in miles?",
        [[("convert_units", {"value": 312, "from_unit": "km", "to_unit": "miles"})]],
        "312 km is about 193.87 miles.",
    ),
    # context: 240 acres, 85 head of cattle
    Case(
        "hay-per-cow-winter",
        "We run 85 head of cattle on 240 acres. Each cow eats about 25 lb of hay a day and winter feeding lasts 120 days — how much hay per cow for the winter?",
        [[("multiply", {"a": 25, "b": 120})]],
        "Each cow needs about 3,000 lb of hay over the 120-day winter.",
    ),
    # context: house built 1962
    Case(
        "paint-gallons",
        "Painting the bedroom in our old house (built 1962!). The walls total 420 sq ft and one gallon covers 350 sq ft. How many gallons?",
        [[("divide", {"a": 420, "b": 350})]],
        "You need 1.2 gallons, so buy 2 gallons (or a gallon plus a quart).",
    ),
    # context: 2019 Outback, 4 of us
    Case(
        "road-trip-km",
        "Road trip in our 2019 Outback, 4 of us crammed in. The drive is 275 miles — how much is that in km?",
        [[("convert_units", {"value": 275, "from_unit": "miles", "to_unit": "km"})]],
        "275 miles is about 442.57 km.",
    ),
    # context: 5% raise
    Case(
        "tip-on-dinner",
        "Celebrating my 5% raise tonight lol. What's a 15% tip on an 86.40 bill?",
        [[("multiply", {"a": 86.40, "b": 0.15})]],
        "A 15% tip on $86.40 is $12.96.",
    ),
    # context: 135 lb, bodyweight 180
    Case(
        "squat-reps-total",
        "Did 5 sets of 12 squats at 135 lb today (I weigh 180). How many reps total?",
        [[("multiply", {"a": 5, "b": 12})]],
        "5 sets of 12 is 60 reps.",
    ),
    # context: called 3 times, since 9am
    Case(
        "dana-extension",
        "Can you look up Dana Whitfield's extension? I've called the main line 3 times since 9am and nobody picks up.",
        [[("lookup_employee", {"name": "Dana Whitfield"})]],
        "Dana Whitfield is in office B-214, extension 4417.",
    ),
    # context: oven 180°C
    Case(
        "pasta-per-serving",
        "oven's preheating to 180°C. The recipe makes 4 servings with 350 g of pasta — how much pasta per serving?",
        [[("divide", {"a": 350, "b": 4})]],
        "That's 87.5 g of pasta per serving.",
    ),
    # context: final score 118-112
    Case(
        "marathon-in-km",
        "Watching the game (118-112 final, what a finish). Random question: a marathon is 26.2 miles, what's that in km?",
        [[("convert_units", {"value": 26.2, "from_unit": "miles", "to_unit": "km"})]],
        "26.2 miles is about 42.16 km.",
    ),
    # context: venue holds 200, 96 guests
    Case(
        "photographer-hourly",
        "Our venue holds 200 but we're only having 96 guests. The photographer charges 2,800 for 8 hours — what's the hourly rate?",
        [[("divide", {"a": 2800, "b": 8})]],
        "The photographer works out to 350 per hour.",
    ),
    # context: cat 14, 4.2 kg
    Case(
        "cat-food-per-kg",
        "My cat is 14 and 4.2 kg. The 7 kg bag of her food costs 38.50 — what's that per kg?",
        [[("divide", {"a": 38.5, "b": 7})]],
        "That's 5.50 per kg.",
    ),
    # context: 1965 Fender, 6 strings
    Case(
        "guitar-string-pack",
        "Picked up a 1965 Fender at an estate sale!! Strings come in a 3-pack for 11.97 — how much per set?",
        [[("divide", {"a": 11.97, "b": 3})]],
        "Each set of strings works out to $3.99.",
    ),
    # context: 6am, waited 2 hours
    Case(
        "black-friday-savings",
        "Got to the store at 6am and waited 2 hours in line. The laptop was 899 and I got it for 649 — how much did I save?",
        [[("python_calculator", {"input": "899 - 649"})]],
        "You saved $250.",
    ),
    # context: chapter 5, 300 pages
    Case(
        "is-97-prime",
        "is 97 prime? (we're on chapter 5 of my number theory book, which is 300 pages of pain)",
        [[("is_prime", {"n": 97})]],
        "Yes, 97 is prime.",
    ),
    # context: 30-year mortgage at 6.5%
    Case(
        "savings-compound-five-years",
        "Our mortgage is 30 years at 6.5% (ugh) but separate question: if I leave 2500 in savings at 4% a year compounded, how much after 5 years?",
        [
            [("power", {"base": 1.04, "exponent": 5})],
            [("multiply", {"a": 2500, "b": 1.2166529024000001})],
        ],
        "After 5 years at 4%, your 2,500 grows to about 3,041.63.",
    ),
    # context: 22 hens, 2 years old
    Case(
        "eggs-in-dozens",
        "Our 22 hens (about 2 years old now) laid 130 eggs this week! How many dozen is that?",
        [[("divide", {"a": 130, "b": 12})]],
        "130 eggs is about 10.8 dozen — 10 full dozen with 10 eggs left over.",
    ),
    # context: resting HR 58
    Case(
        "max-heart-rate",
        "I'm 41 with a resting HR of 58. What's 220 minus my age for the max heart rate formula?",
        [[("python_calculator", {"input": "220 - 41"})]],
        "Your estimated max heart rate is 179 bpm (220 − 41).",
    ),
    # context: question 7 of 20
    Case(
        "homework-100km",
        "Q7 of 20 on the homework: convert 100 km to miles",
        [[("convert_units", {"value": 100, "from_unit": "km", "to_unit": "miles"})]],
        "100 km is about 62.14 miles.",
    ),
    # context: Dec 23-27, 5 days (inside the subject)
    Case(
        "email-pto-request",
        "Email hr@northwind.com with subject 'PTO request: Dec 23-27 (5 days)' please",
        [
            [
                (
                    "send_email",
                    {"to": "hr@northwind.com", "subject": "PTO request: Dec 23-27 (5 days)"},
                )
            ]
        ],
        "Your PTO request email to hr@northwind.com is queued (id 7f3a-16).",
    ),
    # context: 35 °C kitchen
    Case(
        "sourdough-water",
        "It's 35 °C in my kitchen today, ugh. For sourdough with 1000 g flour at 75% hydration, how much water?",
        [[("multiply", {"a": 1000, "b": 0.75})]],
        "You need 750 g of water.",
    ),
    # context: guess of ~830 km (confirmed by tool)
    Case(
        "munich-paris-guess",
        "The map says 517 miles from Munich to Paris. I think that's around 830 km? can you check",
        [[("convert_units", {"value": 517, "from_unit": "miles", "to_unit": "km"})]],
        "517 miles is about 832.03 km, so your guess of roughly 830 km is right.",
    ),
    # context: 144 Hz monitor
    Case(
        "is-8191-prime",
        "my friend with the 144 Hz monitor swears 8191 is prime. is it?",
        [[("is_prime", {"n": 8191})]],
        "Your friend is right — 8191 is prime.",
    ),
    # context: unit 3B, the 14th
    Case(
        "movers-labor-cost",
        "Moved into unit 3B on the 14th. The movers were 4 guys for 5 hours at 45 per hour each — what was the labor cost?",
        [[("python_calculator", {"input": "4 * 5 * 45"})]],
        "The labor came to 900 (4 movers × 5 hours × 45).",
    ),
    # context: 12-inch bottom tier
    Case(
        "wedding-cake-total",
        "Cake is 3 tiers (bottom one is 12 inch). Each tier is 85 and delivery is 40 — total?",
        [[("python_calculator", {"input": "3 * 85 + 40"})]],
        "The cake comes to 295 including delivery.",
    ),
    # context: phone at 23% battery
    Case(
        "flights-hours-minutes",
        "quick, my phone's at 23%: two flights of 135 and 190 minutes — how many minutes flying in total?",
        [[("python_calculator", {"input": "135 + 190"})]],
        "That's 325 minutes of flying, or 5 hours 25 minutes.",
    ),
    # context: restaurant rated 4.5 stars, 2,000 reviews
    Case(
        "group-dinner-each",
        "Booked that 4.5-star place with 2,000 reviews for my birthday. Set menu is 480 for the table and there are 6 of us — how much each?",
        [[("divide", {"a": 480, "b": 6})]],
        "Each person pays 80.",
    ),
    # context: third attempt
    Case(
        "bread-flour-batches",
        "This is my third attempt at bagels lol. Each batch uses 450 g of flour and I want to make 4 batches for the bake sale — how much flour?",
        [[("multiply", {"a": 450, "b": 4})]],
        "Four batches need 1,800 g (1.8 kg) of flour.",
    ),
    # context: born 1990, 3 kids
    Case(
        "college-fund-monthly",
        "I was born in 1990 and have 3 kids, so planning early. If I put 250 a month into a college fund for 15 years, how much is that without interest?",
        [[("python_calculator", {"input": "250 * 12 * 15"})]],
        "That's 45,000 over 15 years, before any interest.",
    ),
    # context: grade 8 piano exam, score 131
    Case(
        "practice-hours-term",
        "She passed grade 8 piano with 131 marks! For the next term she'll practise 45 minutes a day for 84 days — how many hours is that?",
        [[("python_calculator", {"input": "45 * 84 / 60"})]],
        "That's 63 hours of practice over the term.",
    ),
    # context: hike started 7am, 1,200 m elevation
    Case(
        "hike-distance-miles",
        "We started the hike at 7am and climbed 1,200 m. The loop was 18.5 km — what's that in miles?",
        [[("convert_units", {"value": 18.5, "from_unit": "km", "to_unit": "miles"})]],
        "18.5 km is about 11.50 miles.",
    ),
    # context: 60% humidity, 25°C
    Case(
        "grow-tent-light-cost",
        "Grow tent is sitting at 60% humidity and 25°C, perfect. The light is 0.3 kW and runs 18 hours a day — how many kWh a day?",
        [[("multiply", {"a": 0.3, "b": 18})]],
        "The light uses about 5.4 kWh a day.",
    ),
    # context: 500 ml flask, 21°C
    Case(
        "molar-mass-moles",
        "Chem lab (500 ml flask, room at 21°C): I have 58.5 g of NaCl with molar mass 58.44 g/mol. How many moles?",
        [[("divide", {"a": 58.5, "b": 58.44})]],
        "That's about 1.001 moles of NaCl.",
    ),
    # context: 1.6 L engine, 200 hp
    Case(
        "service-parts-total",
        "1.6 L turbo, 200 hp, love this car. Service parts: oil 42.99, filter 11.49, wipers 24.00 — total?",
        [[("python_calculator", {"input": "42.99 + 11.49 + 24.00"})]],
        "The parts total $78.48.",
    ),
    # 中文 context: 5升电饭煲, 8个人
    Case(
        "zh-rice-cost",
        "我家电饭煲是5升的，今天要做饭给8个人吃。大米每斤4.6元，买了12斤，一共多少钱？",
        [[("multiply", {"a": 4.6, "b": 12})]],
        "12斤大米一共55.2元。",
    ),
    # context: 下个月10号, 航班CA4113
    Case(
        "zh-chengdu-miles",
        "下个月10号坐CA4113去成都。两地相距1700公里，换算成英里是多少？",
        [[("convert_units", {"value": 1700, "from_unit": "km", "to_unit": "miles"})]],
        "1700公里约等于1056.33英里。",
    ),
    # context: 28岁, 工资9500, 3年社保
    Case(
        "zh-yearly-savings",
        "我今年28岁，月薪9500，社保交了3年了。如果每月存3000，一年能存多少？",
        [[("multiply", {"a": 3000, "b": 12})]],
        "每月存3000元，一年能存36000元。",
    ),
    # context: 31分钟, 心率172
    Case(
        "zh-run-miles",
        "今天跑了5公里，用了31分钟，最高心率172。5公里是多少英里？",
        [[("convert_units", {"value": 5, "from_unit": "km", "to_unit": "miles"})]],
        "5公里约等于3.11英里。",
    ),
    # context: 四年级, 95分
    Case(
        "zh-1001-prime",
        "孩子上四年级，这次数学考了95分。老师留了一道题：1001是质数吗？",
        [[("is_prime", {"n": 1001})]],
        "1001不是质数，它等于7×11×13。",
    ),
    # context: 下午3点, 12楼
    Case(
        "zh-lookup-wanglei",
        "帮我查一下王磊的分机号，我们约了下午3点在12楼开会。",
        [[("lookup_employee", {"name": "王磊"})]],
        "王磊在B-214办公室，分机号是4417。",
    ),
    # context: 2008年买的, 90平米
    Case(
        "zh-floor-area",
        "房子是2008年买的，总共90平米。现在客厅要铺地板，客厅长6米、宽4.5米，面积是多少？",
        [[("multiply", {"a": 6, "b": 4.5})]],
        "客厅面积是27平方米。",
    ),
    # context: 猫3岁, 5公斤
    Case(
        "zh-cat-food-per-kg",
        "我家猫3岁了，体重5公斤。它吃的猫粮一袋10公斤卖260元，每公斤多少钱？",
        [[("divide", {"a": 260, "b": 10})]],
        "这款猫粮每公斤26元。",
    ),
    # context: 55寸, 双十一
    Case(
        "zh-tv-discount",
        "双十一买了台55寸的电视，原价4999，现在3699，便宜了多少？",
        [[("python_calculator", {"input": "4999 - 3699"})]],
        "比原价便宜了1300元。",
    ),
    # context: 1.5T, 开了4万公里
    Case(
        "zh-fuel-cost",
        "我的车是1.5T的，已经开了4万公里。这次加了42升油，每升7.85元，花了多少钱？",
        [[("multiply", {"a": 42, "b": 7.85})]],
        "这次加油花了329.7元。",
    ),
    # context: 每天晒6小时
    Case(
        "zh-balcony-pots",
        "我家阳台朝南，每天能晒6小时太阳。种了3排花，每排8盆，一共几盆？",
        [[("multiply", {"a": 3, "b": 8})]],
        "一共24盆花。",
    ),
    # context: 7岁, 125厘米
    Case(
        "zh-reading-days",
        "儿子7岁，身高125厘米，特别爱看书。他每天读20页，一本360页的书几天能读完？",
        [[("divide", {"a": 360, "b": 20})]],
        "每天读20页，18天能读完。",
    ),
    # context: 5月20日, 8楼
    Case(
        "zh-banquet-total",
        "婚礼定在5月20日，酒店宴会厅在8楼。订了18桌，每桌2888元，一共多少钱？",
        [[("multiply", {"a": 18, "b": 2888})]],
        "18桌一共51984元。",
    ),
    # context: 第3章, 22度
    Case(
        "zh-two-to-twenty",
        "物理课学到第3章了，实验室今天22度。顺便问下，2的20次方是多少？",
        [[("power", {"base": 2, "exponent": 20})]],
        "2的20次方是1048576。",
    ),
    # context: 第3季度, 25页 (inside the subject)
    Case(
        "zh-email-report",
        "给 li.na@corp.cn 发封邮件，标题写“第3季度报告 - 共25页”",
        [[("send_email", {"to": "li.na@corp.cn", "subject": "第3季度报告 - 共25页"})]],
        "已给 li.na@corp.cn 发送邮件，已进入队列，编号 7f3a-13。",
    ),
    # context: 200只鸡, 50亩
    Case(
        "zh-apple-income",
        "我家养了200只鸡，果园有50亩。今年苹果收了12000斤，每斤卖3.5元，能卖多少钱？",
        [[("multiply", {"a": 12000, "b": 3.5})]],
        "12000斤苹果能卖42000元。",
    ),
    # no context numbers: boolean answered in words
    Case(
        "is-7919-prime",
        "Is 7919 prime?",
        [[("is_prime", {"n": 7919})]],
        "Yes, 7919 is prime.",
    ),
    # no context numbers: zero answered in words
    Case(
        "any-unread-mail",
        "Do I have any unread emails?",
        [[("count_unread", {})]],
        "No, you don't have any unread emails.",
    ),
    # no context numbers: receipt of an action
    Case(
        "email-lunch-tomorrow",
        "Email bob@example.com with the subject 'Lunch tomorrow?'",
        [[("send_email", {"to": "bob@example.com", "subject": "Lunch tomorrow?"})]],
        "Done — the email to bob@example.com is queued (id 7f3a-15).",
    ),
    # no context numbers: comparison after two parallel calls
    Case(
        "compare-powers",
        "Which is bigger, 3^40 or 4^30?",
        [[("power", {"base": 3, "exponent": 40}), ("power", {"base": 4, "exponent": 30})]],
        "3^40 (about 1.22 × 10^19) is larger than 4^30 (about 1.15 × 10^18).",
    ),
    # no context numbers: a * b = c
    Case(
        "multiply-127-43",
        "what's 127 times 43",
        [[("multiply", {"a": 127, "b": 43})]],
        "127 × 43 = 5461",
    ),
    # no context numbers: knowledge, no tool
    Case(
        "capital-of-australia",
        "What's the capital of Australia?",
        [],
        "The capital of Australia is Canberra.",
    ),
    # no context numbers: knowledge, no tool
    Case(
        "hexagon-sides",
        "How many sides does a hexagon have?",
        [],
        "A hexagon has six sides.",
    ),
    # no context numbers: two parallel lookups, worded answer
    Case(
        "lookup-two-colleagues",
        "Can you look up Maria Lopez and Tom Becker for me?",
        [
            [
                ("lookup_employee", {"name": "Maria Lopez"}),
                ("lookup_employee", {"name": "Tom Becker"}),
            ]
        ],
        "Both Maria Lopez and Tom Becker are listed in office B-214 at extension 4417.",
    ),
    # no context numbers: repeated identical call, then answer
    Case(
        "unread-check-again",
        "Check my unread count again please, I feel like something should have come in",
        [[("count_unread", {})], [("count_unread", {})]],
        "Still nothing — you have no unread messages.",
    ),
    # no context numbers: boolean in words
    Case(
        "is-one-prime",
        "Is 1 a prime number?",
        [[("is_prime", {"n": 1})]],
        "No, 1 is not a prime number.",
    ),
    # no context numbers: comparison
    Case(
        "100km-vs-60-miles",
        "Is 100 km longer than 60 miles?",
        [[("convert_units", {"value": 100, "from_unit": "km", "to_unit": "miles"})]],
        "Yes — 100 km is about 62.14 miles, so it's longer than 60 miles.",
    ),
    # no context numbers: a / b = c
    Case(
        "divide-945-by-7",
        "divide 945 by 7",
        [[("divide", {"a": 945, "b": 7})]],
        "945 ÷ 7 = 135",
    ),
    # no context numbers: calculator
    Case(
        "two-to-ten-minus-one",
        "what's 2 to the 10th minus 1?",
        [[("python_calculator", {"input": "2**10 - 1"})]],
        "2^10 − 1 = 1023.",
    ),
    # no context numbers: repeated identical call, boolean in words
    Case(
        "is-561-prime-double-check",
        "Is 561 prime? Please double check, I keep getting different answers",
        [[("is_prime", {"n": 561})], [("is_prime", {"n": 561})]],
        "No — I checked twice: 561 is not prime (it's 3 × 11 × 17).",
    ),
    # no context numbers: zero in words (Chinese)
    Case(
        "zh-unread-mail",
        "我有没有未读邮件？",
        [[("count_unread", {})]],
        "没有，你目前没有未读邮件。",
    ),
]

SHORT = [
    # unused: 25 (% off)
    Case(
        "jacket-discount-and-tax",
        "Jacket is 120 and there's 25% off, plus 8% sales tax. What do I pay at the register?",
        [[("python_calculator", {"input": "120 * 1.08"})]],
        "You'll pay $129.60 at the register.",
    ),
    # unused: 4 (people splitting)
    Case(
        "dinner-tip-split",
        "Dinner bill is 184.60, we're adding 18% tip and splitting it between 4 of us. What does each person owe?",
        [[("multiply", {"a": 184.6, "b": 1.18})]],
        "With the tip, it comes to $217.83.",
    ),
    # unused: 22 (% tax)
    Case(
        "take-home-yearly",
        "I earn 4200 a month gross and about 22% goes to tax. What's my take-home per year?",
        [[("multiply", {"a": 4200, "b": 12})]],
        "Your take-home is 50,400 a year.",
    ),
    # unused: 160 (second leg, km)
    Case(
        "lyon-geneva-bern-miles",
        "Driving Lyon to Geneva (150 km) and then Geneva to Bern, another 160 km. What's the whole drive in miles?",
        [[("convert_units", {"value": 150, "from_unit": "km", "to_unit": "miles"})]],
        "The drive is about 93.21 miles.",
    ),
    # unused: 1500 (deposit already paid)
    Case(
        "venue-remaining-payments",
        "Venue costs 6500 and I already paid a 1500 deposit. The rest is split over 4 monthly payments — how much each month?",
        [[("divide", {"a": 6500, "b": 4})]],
        "You'll pay 1,625 per month.",
    ),
    # unused: 12 (weeks)
    Case(
        "walking-km-weeks",
        "I walk 6 km a day, 5 days a week. How many km will I have walked after 12 weeks?",
        [[("multiply", {"a": 6, "b": 5})]],
        "You'll have walked 30 km.",
    ),
    # unused: 4 (days)
    Case(
        "freelance-invoice",
        "I charge 65/hour and worked 7.5 hours a day for 4 days this week. What's the invoice total?",
        [[("multiply", {"a": 65, "b": 7.5})]],
        "The invoice total is 487.50.",
    ),
    # unused: 2 (dogs)
    Case(
        "dog-food-bag-days",
        "We have 2 dogs and each eats 350 g a day. A bag holds 15 kg — how many days does a bag last?",
        [[("divide", {"a": 15000, "b": 350})]],
        "A bag lasts about 42 days.",
    ),
    # unused: 3.89 (price per gallon)
    Case(
        "road-trip-fuel-cost",
        "Trip is 480 miles, the car does 32 mpg and gas is 3.89 a gallon. What will fuel cost?",
        [[("divide", {"a": 480, "b": 32})]],
        "The trip will take 15 gallons of gas.",
    ),
    # unused: 10 (people)
    Case(
        "flour-for-ten",
        "Recipe serves 4 and uses 300 g of flour. How much flour do I need for 10 people?",
        [[("divide", {"a": 300, "b": 4})]],
        "You need 75 g of flour.",
    ),
    # unused: 10,000 (principal)
    Case(
        "compound-savings-eight-years",
        "If I put 10,000 in an account at 5% a year compounded, how much will I have after 8 years?",
        [[("power", {"base": 1.05, "exponent": 8})]],
        "After 8 years you'll have about 1.48.",
    ),
    # unused: 30 (days)
    Case(
        "pushup-challenge-total",
        "I'm doing 3 sets of 15 push-ups every day for the 30 days of my challenge. How many push-ups in total?",
        [[("multiply", {"a": 3, "b": 15})]],
        "That's 45 push-ups in total.",
    ),
    # unused: 860 (second leg, miles)
    Case(
        "two-leg-flight-km",
        "My trip has two flights: 1,240 miles and then 860 miles. What's the total in km?",
        [[("convert_units", {"value": 1240, "from_unit": "miles", "to_unit": "km"})]],
        "That's about 1,995.59 km in total.",
    ),
    # unused: 10 (% extra for cuts)
    Case(
        "bathroom-tile-cost",
        "Bathroom floor is 2.4 m by 1.8 m, tiles cost 32 per m², and I'm told to buy 10% extra for cuts. What will the tiles cost?",
        [
            [("multiply", {"a": 2.4, "b": 1.8})],
            [("multiply", {"a": 4.32, "b": 32})],
        ],
        "The tiles will cost 138.24.",
    ),
    # unused: 15 (% off); context: remote takes 2
    Case(
        "batteries-bundle-deal",
        "Bought 3 packs of AA batteries at 8.99 each (my remote eats 2 a month lol) and there's a buy-3-get-15%-off deal. What did I pay?",
        [[("multiply", {"a": 3, "b": 8.99})]],
        "You paid $26.97.",
    ),
    # unused: 0.68 (postage each)
    Case(
        "invitations-and-postage",
        "Invitations are 2.75 each and postage is 0.68 each; we're sending 140. What's the total?",
        [[("multiply", {"a": 2.75, "b": 140})]],
        "The invitations come to 385.",
    ),
    # unused: 0.99/mile and 180 miles
    Case(
        "truck-rental-total",
        "Truck rental is 79 a day plus 0.99 a mile. We need it 2 days and will drive about 180 miles. Total?",
        [[("python_calculator", {"input": "79 * 2"})]],
        "The truck rental is 158.",
    ),
    # unused: 40 (hours a week)
    Case(
        "salary-hourly",
        "I make 58,000 a year and work 40 hours a week, 52 weeks. What's my hourly rate?",
        [[("divide", {"a": 58000, "b": 52})]],
        "You make about 1,115.38 per hour.",
    ),
    # unused: 34.99 (pack price)
    Case(
        "diaper-monthly-cost",
        "Baby goes through 8 diapers a day. A pack of 120 costs 34.99 — what's that per 30-day month?",
        [
            [("python_calculator", {"input": "8 * 30"})],
            [("divide", {"a": 240, "b": 120})],
        ],
        "You'll need 2 packs a month.",
    ),
    # unused: 1.20 (price per lb)
    Case(
        "seed-cost-field",
        "Field is 15 acres, seed rate 30 lb per acre, seed costs 1.20 per lb. What's the seed cost?",
        [[("multiply", {"a": 15, "b": 30})]],
        "You need 450 lb of seed.",
    ),
    # unused: 300 (club covers)
    Case(
        "league-fee-per-player",
        "League fee is 1,350 for the team, the club covers 300 of it, and we have 15 players. What does each player pay?",
        [[("divide", {"a": 1350, "b": 15})]],
        "Each player pays 90.",
    ),
    # unused: 2 (lessons a week)
    Case(
        "music-lessons-term",
        "Guitar lessons are 45 each, 2 lessons a week for 10 weeks. What's the total?",
        [[("multiply", {"a": 45, "b": 10})]],
        "The lessons cost 450.",
    ),
    # unused: 149 (warranty)
    Case(
        "laptop-warranty-tax",
        "Laptop is 1,299, the extended warranty is 149, and there's 7% tax on everything. Total?",
        [[("python_calculator", {"input": "1299 * 1.07"})]],
        "The total is 1,389.93.",
    ),
    # unused: 2 (times a day)
    Case(
        "tablets-bottle-days",
        "I take 3 tablets, 2 times a day. The bottle has 90. How many days will it last?",
        [[("divide", {"a": 90, "b": 3})]],
        "The bottle will last 30 days.",
    ),
    # unused: 12 (pages)
    Case(
        "report-printing-cost",
        "Printing 250 copies of a 12-page report at 0.08 per page. What's the cost?",
        [[("multiply", {"a": 250, "b": 0.08})]],
        "Printing will cost 20.",
    ),
    # unused: 4,000 (down payment)
    Case(
        "car-loan-monthly",
        "Car is 24,000, I'm putting 4,000 down and paying the rest over 48 months at 0% interest. Monthly payment?",
        [[("divide", {"a": 24000, "b": 48})]],
        "Your monthly payment is 500.",
    ),
    # unused: 3.50 (city tax) and 2 (people)
    Case(
        "hotel-city-tax",
        "Hotel is 145 a night for 4 nights, plus a city tax of 3.50 per person per night and there are 2 of us. Total?",
        [[("multiply", {"a": 145, "b": 4})]],
        "Your stay comes to 580.",
    ),
    # unused: 60 km/h and 1.5 hours (second leg)
    Case(
        "two-speed-drive",
        "Drove 90 km/h for 2.5 hours, then 60 km/h for 1.5 hours through the hills. How far did I go in total?",
        [[("multiply", {"a": 90, "b": 2.5})]],
        "You drove 225 km.",
    ),
    # unused: 4,100 (XP already earned)
    Case(
        "xp-matches-needed",
        "Need 12,000 XP for the next level and I already have 4,100. I get 350 XP per match — how many more matches?",
        [[("divide", {"a": 12000, "b": 350})]],
        "You need about 35 more matches.",
    ),
    # unused: 80 (% insurance covers)
    Case(
        "vet-bill-after-insurance",
        "Vet visit was 85 plus 3 vaccines at 28 each, and insurance pays 80%. What do I pay?",
        [[("python_calculator", {"input": "85 + 3 * 28"})]],
        "You pay 169.",
    ),
    # unused: 88 (fourth score)
    Case(
        "test-score-average",
        "My four test scores are 78, 85, 91 and 88. What's my average?",
        [[("python_calculator", {"input": "(78 + 85 + 91) / 3"})]],
        "Your average is about 84.7.",
    ),
    # unused: 200 (trade-in); context: 2018, 16GB
    Case(
        "macbook-edu-tradein",
        "My 2018 MacBook (16GB) is dying. The new one is 1,599, I get 10% edu discount, and the trade-in gives me 200 off after that. What will I pay?",
        [[("python_calculator", {"input": "1599 * 0.9"})]],
        "You'll pay 1,439.10.",
    ),
    # unused: 21 (Saturday km); context: 3rd marathon, age 45
    Case(
        "weekly-run-miles",
        "Training for my 3rd marathon (I'm 45, it's fine). This week: Monday 12 km, Wednesday 8 km, Saturday 21 km. Total in miles?",
        [
            [("python_calculator", {"input": "12 + 8"})],
            [("convert_units", {"value": 20, "from_unit": "km", "to_unit": "miles"})],
        ],
        "You ran about 12.43 miles this week.",
    ),
    # unused: 75 (stairs fee); context: 1,200 sq ft, 5th floor, 3-hour minimum
    Case(
        "movers-stairs-fee",
        "We have a 1,200 sq ft place on the 5th floor. Movers charge 120/hour with a 3-hour minimum; they estimate 5 hours plus a 75 stairs fee. Total?",
        [[("multiply", {"a": 120, "b": 5})]],
        "The move will cost 600.",
    ),
    # unused: 45 (party room); context: turning 8
    Case(
        "trampoline-party",
        "My daughter is turning 8! 14 kids at the trampoline park at 12.50 each, plus 45 for the party room. Total?",
        [[("multiply", {"a": 14, "b": 12.5})]],
        "The party comes to 175.",
    ),
    # unused: 3 (kids); context: 2 hours, 10 years old
    Case(
        "school-supplies-kids",
        "Spent 2 hours at the store (the oldest is 10 and argues about everything). Each kid needs a backpack at 24.50 and a binder set at 14.25, and I have 3 kids — what's the total?",
        [[("python_calculator", {"input": "24.50 + 14.25"})]],
        "School supplies come to 38.75.",
    ),
    # unused: 50 (coupon)
    Case(
        "zh-clothes-coupon",
        "这件衣服原价399元，打8折，再用一张50元的优惠券，最后多少钱？",
        [[("multiply", {"a": 399, "b": 0.8})]],
        "最后是319.2元。",
    ),
    # unused: 4 (people sharing)
    Case(
        "zh-utilities-split",
        "水电费一个季度是960元，我们4个人平摊，每人每月多少？",
        [[("divide", {"a": 960, "b": 3})]],
        "每月水电费是320元。",
    ),
    # unused: 130 (second leg, km)
    Case(
        "zh-tianjin-tangshan-miles",
        "从北京开车到天津120公里，再从天津到唐山130公里，一共多少英里？",
        [[("convert_units", {"value": 120, "from_unit": "km", "to_unit": "miles"})]],
        "一共大约74.56英里。",
    ),
    # unused: 200 (monthly subsidy)
    Case(
        "zh-coffee-subsidy",
        "我每天喝2杯咖啡，每杯28元，一个月按30天算。公司每月补贴200元，我自己每个月要花多少？",
        [[("python_calculator", {"input": "2 * 28 * 30"})]],
        "你每个月花1680元。",
    ),
    # unused: 20 (% deductions)
    Case(
        "zh-net-salary",
        "工资每月12000，扣掉社保和个税大概20%，一年到手多少？",
        [[("multiply", {"a": 12000, "b": 12})]],
        "一年到手144000元。",
    ),
    # unused: 8.6万 (already spent)
    Case(
        "zh-renovation-remaining",
        "装修预算15万，已经花了8.6万，剩下的分3个月付，每月付多少？",
        [[("divide", {"a": 150000, "b": 3})]],
        "每月付5万元。",
    ),
    # unused: 2 (lessons a week)
    Case(
        "zh-piano-tuition",
        "孩子每周学2次钢琴，每次180元，一学期18周，学费一共多少？",
        [[("multiply", {"a": 180, "b": 18})]],
        "一学期学费3240元。",
    ),
    # unused: 380 (return leg km); context: 2019年买的
    Case(
        "zh-hangzhou-fuel",
        "我的车是2019年买的，油耗每百公里6.5升。这次自驾去杭州，去程320公里，回来绕路走了380公里，一共用了多少升油？",
        [[("python_calculator", {"input": "320 / 100 * 6.5"})]],
        "一共用了20.8升油。",
    ),
    # unused: 4 (years already paid)
    Case(
        "zh-mortgage-remaining",
        "月供5800，贷款30年，已经还了4年，还剩多少钱要还？",
        [[("python_calculator", {"input": "5800 * 12 * 30"})]],
        "还要还2088000元。",
    ),
]

SENT_BACK_WITH_THE_AIDS: set[str] = set()
"""Correct answers the aids still send back (filled in after the corpus's one run)."""

CAUGHT_WITH_THE_AIDS = 0
"""Stopped-short questions the aids send back on every strategy (filled in after its one run)."""
