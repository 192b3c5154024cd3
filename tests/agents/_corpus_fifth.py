# ruff: noqa: E501
"""A fifth corpus, written like the third and fourth without reading the checks, the
way people type to an assistant (in a hurry, with asides, in many domains): 74 correct
answers, 64 of them to questions holding numbers that are only context, and 44 runs
that stopped short of a number the question needed, each on the four strategies.

Its file hash was recorded before its one run, after the changes the third and fourth
corpora led to (docs/small-model-aids.md, "How precision is checked"): 16 of its 74
correct answers were sent back (22 by the aids before those changes) and 35 of the 44
stopped-short runs caught (36 before). The answers still sent back are listed by name:
numbers of something else said with their own unit (an oven's temperature, a clothing
size, an age), a duration the model turned into one operand ("2小时30分钟" passed as
2.5), and asides that name a number only to set it aside. Read after that run, it became
a tuning corpus: those classes led to the next change (a temperature when the run computes
none, a clause that sets its numbers aside, a quantity in two units, ages, sizes and hours
said otherwise), judged on the sixth corpus; 3 of its answers are still sent back.
"""

from __future__ import annotations

from test_answers_stand import Case

STAND = [
    # context: "this weekend", "2 years" of procrastination
    Case(
        "paint-wall-area",
        "Painting the spare room this weekend (finally, after 2 years of putting it off). "
        "Wall is 4.2 m by 2.6 m — how many square metres is that?",
        [[("multiply", {"a": 4.2, "b": 2.6})]],
        "That wall is about 10.92 square metres.",
    ),
    # context: race number #4471
    Case(
        "half-marathon-km",
        "Just signed up for race #4471 in October!! it's a half, 13.1 miles. how far is that in km",
        [[("convert_units", {"value": 13.1, "from_unit": "miles", "to_unit": "km"})]],
        "13.1 miles is about 21.08 km.",
    ),
    # context: 三口人 (family size), 周末
    Case(
        "zh-rice-water",
        "我家3口人，周末想煮饭。一杯米配1.5杯水，我打算煮4杯米，要加多少杯水？",
        [[("multiply", {"a": 4, "b": 1.5})]],
        "4杯米需要加6杯水。",
    ),
    # context: locker number 12
    Case(
        "locker-prime",
        "My gym locker is number 12 but the padlock code is 7919 — is 7919 prime? my kid swears it is lol",
        [[("is_prime", {"n": 7919})]],
        "Yes — 7919 is prime, so your kid is right.",
    ),
    # context: "2 weeks" of vacation
    Case(
        "unread-after-holiday",
        "Back from 2 weeks in Crete. Anything unread waiting for me?",
        [[("count_unread", {})]],
        "Nothing unread — your inbox is clear.",
    ),
    # context: Q3 and 15% inside the email subject
    Case(
        "email-q3-subject",
        "email dana@acme.io with subject 'Q3 numbers - 15% up' pls, in a rush",
        [[("send_email", {"to": "dana@acme.io", "subject": "Q3 numbers - 15% up"})]],
        "Done — the email to dana@acme.io is queued (id 7f3a-12).",
    ),
    # context: meeting time 3:30
    Case(
        "lookup-before-meeting",
        "Where does Priya Nair sit? I've got a 3:30 with her and the invite just says 'room TBD'.",
        [[("lookup_employee", {"name": "Priya Nair"})]],
        "Priya Nair is in office B-214, extension 4417.",
    ),
    # context: shop closes at 6
    Case(
        "tile-boxes",
        "Bathroom floor is 2.4m x 1.8m, tiles come in boxes that cover 0.72 m² each. How many boxes do I need? Shop closes at 6 so quick",
        [[("multiply", {"a": 2.4, "b": 1.8})], [("divide", {"a": 4.32, "b": 0.72})]],
        "The floor is 4.32 m², so you need 6 boxes.",
    ),
    # context: age 34
    Case(
        "savings-compound",
        "If I put 5000 in a savings account at 4% a year, compounded yearly, what's it worth after 3 years? "
        "(I'm 34 and trying to be an adult about money)",
        [[("power", {"base": 1.04, "exponent": 3})], [("multiply", {"a": 5000, "b": 1.124864})]],
        "After 3 years it would be worth about 5,624.32.",
    ),
    # context: date 6月12日
    Case(
        "zh-hangzhou-miles",
        "下周三（6月12日）开车去杭州出差，导航说180公里，换成英里大概多少？",
        [[("convert_units", {"value": 180, "from_unit": "km", "to_unit": "miles"})]],
        "180公里大约是111.85英里。",
    ),
    # context: table 9 at the pub
    Case(
        "pizza-total",
        "Ordered 3 pizzas at $14.50 each for game night — we're at table 9 at the pub. What's the total?",
        [[("multiply", {"a": 3, "b": 14.5})]],
        "$43.50 total.",
    ),
    # plain, no context numbers
    Case(
        "two-to-twentieth",
        "what's 2 to the power of 20",
        [[("power", {"base": 2, "exponent": 20})]],
        "1,048,576",
    ),
    # context: self-checkout lane 5
    Case(
        "grocery-sum",
        "Quick one: 3 apples at 0.45, 2 loaves at 2.80 and milk at 1.19, what do I owe? I'm at self checkout lane 5.",
        [[("python_calculator", {"input": "3*0.45 + 2*2.80 + 1.19"})]],
        "You owe 8.14.",
    ),
    # context: appointment date 3/14
    Case(
        "bmi",
        "I'm 1.75 m and 70 kg, what's my BMI? doctor's appt is on 3/14 and I want to know before",
        [[("power", {"base": 1.75, "exponent": 2})], [("divide", {"a": 70, "b": 3.0625})]],
        "Your BMI is about 22.9, which is in the normal range.",
    ),
    # context: son's age 9岁
    Case(
        "zh-homework-prime",
        "我儿子今年9岁，老师问他221是不是质数，是吗？",
        [[("is_prime", {"n": 221})]],
        "不是，221 = 13 × 17，所以它不是质数。",
    ),
    # context: oven temperature 180°C
    Case(
        "recipe-scale-flour",
        "Recipe serves 4 and calls for 250 g flour but I'm feeding 10. Oven's already at 180°C. How much flour?",
        [[("multiply", {"a": 250, "b": 10})], [("divide", {"a": 2500, "b": 4})]],
        "Use 625 g of flour for 10 servings.",
    ),
    # context: car model year 2014 and engine 1.4 TSI
    Case(
        "fuel-economy",
        "Drove 420 km on 35 litres. What's that in km per litre? Car is a 2014 Golf 1.4 TSI if it matters",
        [[("divide", {"a": 420, "b": 35})]],
        "That's 12 km per litre.",
    ),
    # context: run duration 52 minutes
    Case(
        "morning-run-miles",
        "Did 10 km this morning in 52 minutes, pretty happy. How many miles was that?",
        [[("convert_units", {"value": 10, "from_unit": "km", "to_unit": "miles"})]],
        "10 km is about 6.21 miles — nice run!",
    ),
    # context: invoice number 2024-0387 in the subject
    Case(
        "email-invoice",
        "Send an email to billing@northwind.com, subject: Invoice 2024-0387 overdue",
        [[("send_email", {"to": "billing@northwind.com", "subject": "Invoice 2024-0387 overdue"})]],
        "Done.",
    ),
    # context: time 10:30
    Case(
        "zh-lookup-signature",
        "帮我查一下王伟在哪个办公室，我10:30要去找他签字",
        [[("lookup_employee", {"name": "王伟"})]],
        "王伟在B-214办公室，分机4417。",
    ),
    # context: clothing size 42
    Case(
        "jacket-sale",
        "Jacket was 120, it's 30% off today. What's the sale price? I'm a size 42 btw, hope they have it",
        [[("multiply", {"a": 120, "b": 0.7})]],
        "The sale price is 84.",
    ),
    # context: 双11 and "3天"
    Case(
        "zh-double-eleven",
        "双11这件外套原价399元，打8折，到手多少钱？我都加购3天了",
        [[("multiply", {"a": 399, "b": 0.8})]],
        "打8折后到手319.2元。",
    ),
    # context: parkrun count #312
    Case(
        "parkrun-pace",
        "Finished my 5k parkrun in 27:30 (parkrun #312 for me!). What's my pace per km?",
        [[("divide", {"a": 27.5, "b": 5})]],
        "5.5 minutes per km, i.e. 5:30/km.",
    ),
    # context: final exam date "the 21st"
    Case(
        "test-average",
        "Scores on my three tests: 78, 85, 92. What's my average? Final is on the 21st.",
        [[("python_calculator", {"input": "(78+85+92)/3"})]],
        "Your average is 85.",
    ),
    # plain
    Case(
        "cube-volume",
        "volume of a cube with 1.5 m sides?",
        [[("power", {"base": 1.5, "exponent": 3})]],
        "3.375 cubic metres.",
    ),
    # context: meeting hours 9点到12点
    Case(
        "zh-unread-after-meeting",
        "开了一上午会（9点到12点），邮箱里有没有未读邮件？",
        [[("count_unread", {})]],
        "没有未读邮件。",
    ),
    # plain
    Case("prime-97", "is 97 prime", [[("is_prime", {"n": 97})]], "Yes, 97 is prime."),
    # context: 4 people at dinner (the user pays it all)
    Case(
        "tip-only",
        "Dinner bill came to 86.40 and I want to leave a 15% tip. There were 4 of us but I'm covering it. How much is the tip?",
        [[("multiply", {"a": 86.4, "b": 0.15})]],
        "The tip is 12.96.",
    ),
    # context: flight number BA287
    Case(
        "flight-km",
        "My flight BA287 is 5,351 miles, what's that in kilometres?",
        [[("convert_units", {"value": 5351, "from_unit": "miles", "to_unit": "km"})]],
        "5,351 miles is about 8,611.6 km.",
    ),
    # context: frame size 54cm
    Case(
        "cycling-speed",
        "Cycled 36 km in 1.5 hours on Saturday on the new bike (54cm frame). Average speed?",
        [[("divide", {"a": 36, "b": 1.5})]],
        "Your average speed was 24 km/h.",
    ),
    # plain with several operands
    Case(
        "lisbon-savings",
        "I want to save 2400 over 8 months for a trip to Lisbon. How much a month?",
        [[("divide", {"a": 2400, "b": 8})]],
        "300 a month.",
    ),
    # context: heart rate 168
    Case(
        "zh-treadmill",
        "跑步机显示3.2英里，是多少公里？今天心率最高168。",
        [[("convert_units", {"value": 3.2, "from_unit": "miles", "to_unit": "km"})]],
        "3.2英里约等于5.15公里。",
    ),
    # context: 6月 and 3张 inside the subject
    Case(
        "zh-email-expenses",
        "给 li.na@example.cn 发个邮件，主题写“6月报销单（共3张）”",
        [[("send_email", {"to": "li.na@example.cn", "subject": "6月报销单（共3张）"})]],
        "已发送，邮件编号 7f3a-16。",
    ),
    # context: mum's 60th birthday
    Case(
        "round-table-area",
        "Round table top, diameter 1.2 m — what's the area? It's for my mum's 60th on Sunday, want a tablecloth",
        [[("python_calculator", {"input": "pi * (1.2/2)**2"})]],
        "About 1.13 m².",
    ),
    # context: "9am" due time
    Case(
        "bacteria-doubling",
        "Bacteria double every hour; starting from one cell, how many after 12 hours? bio homework, due 9am tomorrow",
        [[("power", {"base": 2, "exponent": 12})]],
        "After 12 hours there are 4096 cells.",
    ),
    # context: birth year 1990
    Case(
        "prime-year",
        "Is 2027 a prime number? I was born in 1990, just curious about years lol",
        [[("is_prime", {"n": 2027})]],
        "Yes, 2027 is a prime number.",
    ),
    # plain
    Case(
        "extension-bare",
        "What's Tom Becker's extension?",
        [[("lookup_employee", {"name": "Tom Becker"})]],
        "4417",
    ),
    # context: private room 8号
    Case(
        "zh-dinner-split",
        "聚餐一共1260元，6个人AA，每人多少？包间是8号。",
        [[("divide", {"a": 1260, "b": 6})]],
        "每人210元。",
    ),
    # context: departure date 2025-04-03
    Case(
        "usd-to-cny",
        "1 USD = 7.24 CNY today. How many CNY do I get for 350 USD? I leave on 2025-04-03.",
        [[("multiply", {"a": 350, "b": 7.24})]],
        "350 USD is 2,534 CNY.",
    ),
    # context: post spacing 2.5 m (already sorted)
    Case(
        "fence-length",
        "Garden fence: 3 sides of 12.5 m each. The posts go every 2.5 m but I've got those sorted already. "
        "How long is the fence in total?",
        [[("multiply", {"a": 3, "b": 12.5})]],
        "37.5 m of fence in total.",
    ),
    # plain, Chinese
    Case(
        "zh-power-16",
        "2的16次方是多少？",
        [[("power", {"base": 2, "exponent": 16})]],
        "2的16次方是65536。",
    ),
    # context: apartment 4B
    Case(
        "rent-per-sqft",
        "Apartment 4B listing says 850 sq ft and rent is 1,900. What's that per square foot?",
        [[("divide", {"a": 1900, "b": 850})]],
        "About $2.24 per square foot.",
    ),
    # context: needle size 4mm
    Case(
        "scarf-stitches",
        "Knitting a scarf: 38 stitches per row, 120 rows. Total stitches? (using 4mm needles)",
        [[("multiply", {"a": 38, "b": 120})]],
        "4,560 stitches in total.",
    ),
    # context: 2pm and 3pm inside the subject, "studio9" in the address
    Case(
        "email-move-meeting",
        "Email marcus@studio9.design — subject 'Moving our 2pm to 3pm'",
        [[("send_email", {"to": "marcus@studio9.design", "subject": "Moving our 2pm to 3pm"})]],
        "Sent — queued as 7f3a-21.",
    ),
    # context: child's age 4 and fever 38.5
    Case(
        "child-dose",
        "Kid's dose is 15 mg per kg and she weighs 18 kg. Total mg? She's 4 and has had a fever of 38.5 since Tuesday.",
        [[("multiply", {"a": 15, "b": 18})]],
        "270 mg in total — do double-check it with the pharmacist.",
    ),
    # context: train number G1234
    Case(
        "zh-train-speed",
        "高铁2小时30分钟跑了550公里（G1234次），平均时速多少？",
        [[("divide", {"a": 550, "b": 2.5})]],
        "平均时速约220公里/小时。",
    ),
    # context: plate ending 77
    Case(
        "rental-km-per-litre",
        "Drove 300 miles on a 45 litre tank in the rental (plate ends in 77). How many km per litre is that?",
        [
            [("convert_units", {"value": 300, "from_unit": "miles", "to_unit": "km"})],
            [("divide", {"a": 482.8033, "b": 45})],
        ],
        "300 miles is 482.8 km, so about 10.7 km per litre.",
    ),
    # context: worksheet page 44
    Case(
        "worksheet-parallel",
        "Two quick ones: 17 x 23 and 19 x 21? my daughter's maths worksheet, page 44",
        [[("multiply", {"a": 17, "b": 23}), ("multiply", {"a": 19, "b": 21})]],
        "17 × 23 = 391 and 19 × 21 = 399.",
    ),
    # context: 第3题
    Case(
        "zh-two-primes",
        "帮我看看89和91哪个是质数？（作业第3题）",
        [[("is_prime", {"n": 89}), ("is_prime", {"n": 91})]],
        "89是质数；91不是，因为91 = 7 × 13。",
    ),
    # context: dates 12/23–12/27 inside the subject
    Case(
        "pto-then-unread",
        "Send hr@acme.io a note titled 'PTO request 12/23-12/27' and then tell me if I've got unread mail",
        [
            [("send_email", {"to": "hr@acme.io", "subject": "PTO request 12/23-12/27"})],
            [("count_unread", {})],
        ],
        "Sent (id 7f3a-10). You have no unread emails.",
    ),
    # plain
    Case("percent-bare", "12.5% of 640?", [[("multiply", {"a": 640, "b": 0.125})]], "80"),
    # context: jersey number 24
    Case(
        "batting-average",
        "He's got 42 hits in 150 at-bats this season. Batting average? He wears number 24, big fan",
        [[("divide", {"a": 42, "b": 150})]],
        "His batting average is .280.",
    ),
    # context: 6寸 cake tin and 170度 oven
    Case(
        "zh-cake-eggs",
        "做6寸蛋糕的方子要3个鸡蛋，我要做2倍量，一共要几个蛋？烤箱预热170度。",
        [[("multiply", {"a": 3, "b": 2})]],
        "一共要6个鸡蛋。",
    ),
    # context: badge number 30981
    Case(
        "weekly-pay",
        "Worked 7.5 hours a day Mon–Fri at 22 an hour. Weekly pay? Badge number is 30981 if HR asks",
        [[("python_calculator", {"input": "7.5*5*22"})]],
        "825 for the week.",
    ),
    # plain
    Case(
        "marathon-miles",
        "how many miles is 42.195 km",
        [[("convert_units", {"value": 42.195, "from_unit": "km", "to_unit": "miles"})]],
        "About 26.22 miles.",
    ),
    # plain
    Case(
        "sqrt-2025",
        "Square root of 2025?",
        [[("power", {"base": 2025, "exponent": 0.5})]],
        "45 — 2025 is 45².",
    ),
    # context: bib number A10086
    Case(
        "zh-shanghai-marathon",
        "上海马拉松全程42.195公里，我的号码布是A10086，换成英里是多少？",
        [[("convert_units", {"value": 42.195, "from_unit": "km", "to_unit": "miles"})]],
        "全程约26.22英里。",
    ),
    # context: 4th floor and 25 people
    Case(
        "lookup-two-offsite",
        "Need the offices for Ana Ruiz and Ben Okafor — I'm setting up the 4th floor offsite for 25 people",
        [[("lookup_employee", {"name": "Ana Ruiz"}), ("lookup_employee", {"name": "Ben Okafor"})]],
        "Both Ana Ruiz and Ben Okafor are in office B-214, extension 4417.",
    ),
    # context: the cement part (1) of the ratio is not needed
    Case(
        "concrete-ratio",
        "Concrete mix is 1:2:3 cement:sand:gravel. If I use 6 buckets of gravel, how many buckets of sand?",
        [[("multiply", {"a": 6, "b": 2})], [("divide", {"a": 12, "b": 3})]],
        "4 buckets of sand.",
    ),
    # context: age 45
    Case(
        "weight-loss-total",
        "Lost 0.6 kg a week for 12 weeks since New Year. I'm 45 now, so it's slower. How much total?",
        [[("multiply", {"a": 0.6, "b": 12})]],
        "About 7.2 kg in total — well done.",
    ),
    # context: card ending 6688
    Case(
        "zh-deposit-interest",
        "存了10000元定期，年利率2.5%，存一年利息多少？银行卡尾号6688。",
        [[("multiply", {"a": 10000, "b": 0.025})]],
        "一年利息是250元。",
    ),
    # context: table 14 (receipt answer)
    Case(
        "cafe-receipt",
        "Ring up 2 coffees at 3.80 and a croissant at 2.95. Table 14",
        [[("python_calculator", {"input": "2*3.80 + 2.95"})]],
        "2 x coffee @ 3.80 = 7.60\ncroissant = 2.95\nTotal: 10.55",
    ),
    # context: built in 2008
    Case(
        "zh-living-room-floor",
        "客厅长5.4米、宽3.8米，铺地板需要多少平方？我们小区是2008年的老房子。",
        [[("multiply", {"a": 5.4, "b": 3.8})]],
        "需要约20.52平方米的地板。",
    ),
    # plain with several operands
    Case(
        "compound-ten-years",
        "1000 at 5% compounded yearly for 10 years?",
        [
            [("power", {"base": 1.05, "exponent": 10})],
            [("multiply", {"a": 1000, "b": 1.628894626777442})],
        ],
        "About 1,628.89.",
    ),
    # context: age 7 and the 100 bet
    Case(
        "seconds-in-day",
        "How many seconds in a day — asking for my 7 year old, she bet me 100 it's over a million",
        [[("python_calculator", {"input": "24*60*60"})]],
        "86,400 seconds — under a million, so you win the bet.",
    ),
    # context: building 3号楼 and floor 15层
    Case(
        "zh-commute-km",
        "每天通勤单程12英里，公司在3号楼15层，单程是多少公里？",
        [[("convert_units", {"value": 12, "from_unit": "miles", "to_unit": "km"})]],
        "单程约19.31公里。",
    ),
    # context: 3 koi (after a semicolon)
    Case(
        "pond-litres",
        "Want to know how many litres a 2 m x 1 m x 0.5 m pond holds; the fish are 3 koi, if that matters",
        [[("python_calculator", {"input": "2*1*0.5*1000"})]],
        "It holds 1,000 litres.",
    ),
    # context: app version 3.2 (imperative, no question mark)
    Case(
        "convert-250km",
        "Convert 250 km to miles. Version 3.2 of the app keeps crashing so doing it here",
        [[("convert_units", {"value": 250, "from_unit": "km", "to_unit": "miles"})]],
        "250 km = 155.34 miles.",
    ),
    # context: match score 3-1
    Case(
        "football-tickets",
        "United won 3-1 yesterday!! anyway, 2 adult tickets at £48.50 each, total?",
        [[("multiply", {"a": 2, "b": 48.5})]],
        "£97 for the two tickets.",
    ),
    # context: quoted shop sign "Open 24/7"
    Case(
        "percent-of-sign",
        'The sign at the corner shop says "Open 24/7" lol. Anyway, what\'s 15% of 260?',
        [[("multiply", {"a": 260, "b": 0.15})]],
        "15% of 260 is 39.",
    ),
    # context: Python version 3.12 and "2 hours" of debugging
    Case(
        "bytes-power",
        "Spent 2 hours debugging on Python 3.12, brain is fried: how many bytes in 2^30?",
        [[("power", {"base": 2, "exponent": 30})]],
        "2^30 = 1,073,741,824 bytes (1 GiB).",
    ),
    # context: iPhone 15 model number and the old 18-month contract, after a dash
    Case(
        "phone-monthly",
        "Phone deal for the iPhone 15 — my old contract was 18 months. New one is 960 over 24 months, so per month?",
        [[("divide", {"a": 960, "b": 24})]],
        "40 per month.",
    ),
    # context: time 14:45 and gate B7
    Case(
        "zh-flight-miles",
        "14:45的航班，B7登机口，飞行距离1300公里，是多少英里？",
        [[("convert_units", {"value": 1300, "from_unit": "km", "to_unit": "miles"})]],
        "1300公里约为807.78英里。",
    ),
    # context: room temperature 21°C, in a separate sentence
    Case(
        "yeast-grams",
        "Bread dough needs 7 g of yeast per 500 g flour and I've got 1500 g flour. How much yeast? "
        "Kitchen is only 21°C today.",
        [[("divide", {"a": 1500, "b": 500})], [("multiply", {"a": 7, "b": 3})]],
        "21 g of yeast.",
    ),
]

SHORT = [
    # unused: 3 (flatmates sharing)
    Case(
        "rent-yearly-each",
        "Rent is 1850 a month and 3 of us split it. What's the yearly rent for each of us?",
        [[("multiply", {"a": 1850, "b": 12})]],
        "The yearly rent is 22,200.",
    ),
    # unused: 1.4 m² coverage per box
    Case(
        "tiles-no-coverage",
        "Floor is 3.5 m by 4 m and a box of tiles covers 1.4 m². How many boxes should I get?",
        [[("multiply", {"a": 3.5, "b": 4})]],
        "You'll need 14.",
    ),
    # unused: 25% discount
    Case(
        "shoes-discount",
        "Shoes are 80 a pair, I'm buying 2 pairs, and there's 25% off. What do I pay?",
        [[("multiply", {"a": 80, "b": 2})]],
        "You'll pay 160.",
    ),
    # unused: 10% waste allowance
    Case(
        "pasta-waste",
        "Each guest eats about 180 g of pasta and 7 are coming. I always add 10% extra for waste. How much should I cook?",
        [[("multiply", {"a": 180, "b": 7})]],
        "Cook 1260 g of pasta.",
    ),
    # unused: fuel price 1.89 per litre
    Case(
        "trip-fuel-cost",
        "Trip is 540 km, the car does 15 km per litre and fuel is 1.89 a litre. What will fuel cost me?",
        [[("divide", {"a": 540, "b": 15})]],
        "Fuel will cost about 36.",
    ),
    # unused: 5 years
    Case(
        "invest-five-years",
        "Invest 2000 at 6% compounded yearly for 5 years — what's the final amount?",
        [[("multiply", {"a": 2000, "b": 1.06})]],
        "The final amount is 2,120.",
    ),
    # unused: 5 friends sharing
    Case(
        "pizza-per-friend",
        "3 pizzas at 12.50 each, split between 5 friends — how much does each person pay?",
        [[("multiply", {"a": 3, "b": 12.5})]],
        "Each person pays 37.50.",
    ),
    # unused: 4 people (人均)
    Case(
        "zh-hotpot-per-head",
        "我们4个人去吃火锅，点了2份套餐，每份268元，人均多少？",
        [[("multiply", {"a": 2, "b": 268})]],
        "人均536元。",
    ),
    # unused: 55 minutes
    Case(
        "pace-per-mile",
        "Ran 10 km in 55 minutes. What's my pace per mile?",
        [[("convert_units", {"value": 10, "from_unit": "km", "to_unit": "miles"})]],
        "Your pace works out to about 6.21 per mile.",
    ),
    # unused: 2 paychecks a month
    Case(
        "laptop-per-paycheck",
        "Saving 3600 for a new laptop over 9 months. I get 2 paychecks a month — how much do I put aside per paycheck?",
        [[("divide", {"a": 3600, "b": 9})]],
        "Put aside 400 each paycheck.",
    ),
    # unused: 6 hours
    Case(
        "road-trip-kmh",
        "We drove 390 miles in 6 hours. What was our average speed in km/h?",
        [[("convert_units", {"value": 390, "from_unit": "miles", "to_unit": "km"})]],
        "Average speed was about 627.64 km/h.",
    ),
    # unused: 200元优惠券
    Case(
        "zh-laptop-coupon",
        "这台电脑5999元，店里打9折，再用一张200元的优惠券，最后多少钱？",
        [[("multiply", {"a": 5999, "b": 0.9})]],
        "最后是5399.1元。",
    ),
    # unused: 30 days
    Case(
        "pushup-challenge",
        "Doing 4 sets of 12 push-ups a day for 30 days. How many push-ups in total?",
        [[("multiply", {"a": 12, "b": 4})]],
        "48 push-ups in total.",
    ),
    # unused: 2 coats
    Case(
        "paint-two-coats",
        "Wall is 5 m x 2.5 m and I'm doing 2 coats. Paint covers 10 m² per litre. How many litres do I need?",
        [[("multiply", {"a": 5, "b": 2.5})], [("divide", {"a": 12.5, "b": 10})]],
        "You need 1.25 litres.",
    ),
    # unused: 10 days
    Case(
        "tablets-course",
        "Doctor said 2 tablets 3 times a day for 10 days. How many tablets is that?",
        [[("multiply", {"a": 2, "b": 3})]],
        "That's 6 tablets.",
    ),
    # unused: 22天
    Case(
        "zh-monthly-wage",
        "时薪45元，每天干8小时，一个月干22天，月薪多少？",
        [[("multiply", {"a": 45, "b": 8})]],
        "月薪是360元。",
    ),
    # unused: 3% booth fee
    Case(
        "currency-booth-fee",
        "Changing 500 USD to EUR at 0.92 — the booth takes a 3% fee. How many euros do I walk away with?",
        [[("multiply", {"a": 500, "b": 0.92})]],
        "You'll walk away with 460 euros.",
    ),
    # unused: 4 beds
    Case(
        "raised-beds-soil",
        "Need soil for raised beds: each is 2 m x 1 m x 0.3 m and I'm building 4. Total cubic metres?",
        [[("python_calculator", {"input": "2*1*0.3"})]],
        "You need 0.6 m³ of soil.",
    ),
    # unused: 5 days a week
    Case(
        "commute-weekly-km",
        "My commute is 18 miles, 5 days a week. How many km is that per week?",
        [[("convert_units", {"value": 18, "from_unit": "miles", "to_unit": "km"})]],
        "About 28.97 km a week.",
    ),
    # unused: 25圈
    Case(
        "zh-track-laps-miles",
        "操场一圈400米，我今天跑了25圈，相当于多少英里？",
        [[("convert_units", {"value": 0.4, "from_unit": "km", "to_unit": "miles"})]],
        "大约0.25英里。",
    ),
    # unused: 4 years
    Case(
        "town-growth",
        "Town of 12000 grows 3% a year. What's the population after 4 years?",
        [[("multiply", {"a": 12000, "b": 1.03})]],
        "About 12,360 people.",
    ),
    # unused: 2 cups of flour per batch
    Case(
        "cookie-flour",
        "Recipe makes 24 cookies using 2 cups of flour. I want 60 cookies — how much flour?",
        [[("divide", {"a": 60, "b": 24})]],
        "You need 2.5 cups of flour.",
    ),
    # unused: 1500 down payment
    Case(
        "loan-from-dad",
        "Borrowing 9000 from my dad, interest free. I pay 1500 up front and then 250 a month. How many months to pay it off?",
        [[("divide", {"a": 9000, "b": 250})]],
        "36 months.",
    ),
    # unused: 油价7.8元/升
    Case(
        "zh-fuel-cost",
        "油价7.8元一升，我的车百公里油耗6.5升，开450公里油费多少？",
        [[("python_calculator", {"input": "450/100*6.5"})]],
        "油费大约29.25元。",
    ),
    # unused: overtime rate 1.5x and 6 extra hours
    Case(
        "overtime-pay",
        "Base pay is 20/hr for 40 hours, plus 1.5x for the 6 overtime hours I did. What's my pay this week?",
        [[("multiply", {"a": 20, "b": 40})]],
        "Your pay this week is 800.",
    ),
    # unused: packs of 10
    Case(
        "notebook-packs",
        "Each of the 28 kids needs 3 notebooks. Notebooks come in packs of 10 — how many packs do I buy?",
        [[("multiply", {"a": 28, "b": 3})]],
        "Buy 84 packs.",
    ),
    # unused: 运费12元
    Case(
        "zh-tshirt-shipping",
        "买了3件T恤，每件59元，运费12元，一共多少钱？",
        [[("multiply", {"a": 3, "b": 59})]],
        "一共177元。",
    ),
    # unused: 3.50 flag fall
    Case(
        "taxi-fare",
        "Taxi charges 2.20 per mile plus a 3.50 flag fall. The ride is 15 km. What's the fare?",
        [
            [("convert_units", {"value": 15, "from_unit": "km", "to_unit": "miles"})],
            [("multiply", {"a": 9.3206, "b": 2.2})],
        ],
        "The fare is about 20.51.",
    ),
    # unused: 80% fill level
    Case(
        "aquarium-fill",
        "Tank is 60 x 30 x 40 cm. I only fill it to 80% to leave a gap. How many litres of water go in?",
        [[("python_calculator", {"input": "60*30*40/1000"})]],
        "72 litres.",
    ),
    # unused: 12 months
    Case(
        "subscriptions-contract",
        "Netflix is 15.49/month and Spotify 10.99/month. What do I spend on both over the 12 months of my contract?",
        [[("python_calculator", {"input": "15.49 + 10.99"})]],
        "You spend 26.48 on both.",
    ),
    # unused: 已经读了5天
    Case(
        "zh-book-days-left",
        "一本书360页，我每天读24页，已经读了5天，还要几天读完？",
        [[("divide", {"a": 360, "b": 24})]],
        "还需要15天。",
    ),
    # unused: 3 months (per month asked)
    Case(
        "bill-per-month",
        "Electricity bill is 184.60 for the last 3 months. There are 4 flatmates — how much is that each per month?",
        [[("divide", {"a": 184.6, "b": 4})]],
        "46.15 each per month.",
    ),
    # unused: 手续费50元
    Case(
        "zh-yen-exchange",
        "去日本玩，带了8000元人民币，汇率1元=20.5日元，机场换汇还要收50元人民币手续费，能换多少日元？",
        [[("multiply", {"a": 8000, "b": 20.5})]],
        "能换164000日元。",
    ),
    # unused: 5 times a week (after a dash)
    Case(
        "interval-minutes-week",
        "Training plan — 3 intervals of 4 minutes, 5 sessions a week. How many interval minutes per week?",
        [[("multiply", {"a": 3, "b": 4})]],
        "12 minutes of intervals per week.",
    ),
    # unused: venue 1200 (the needed fee given after a colon-list)
    Case(
        "wedding-total",
        "Wedding maths. Catering: 95 per head. Guests confirmed: 80. Venue: 1200 flat. What's the total?",
        [[("multiply", {"a": 95, "b": 80})]],
        "The total is 7,600.",
    ),
    # unused: 15% business discount (imperative)
    Case(
        "printer-paper-order",
        "Work out the total for 6 boxes of printer paper at 24.99 each, minus our 15% business discount.",
        [[("multiply", {"a": 6, "b": 24.99})]],
        "The total is 149.94.",
    ),
    # unused: 家里5口人
    Case(
        "zh-dumpling-flour",
        "包饺子，一斤面粉能包60个，家里5口人，每人吃24个，要几斤面？",
        [[("divide", {"a": 24, "b": 60})]],
        "需要0.4斤面粉。",
    ),
    # unused: 7 laps
    Case(
        "park-laps-miles",
        "A lap of the park is 2.4 km. I did 7 laps this morning — how many miles did I run?",
        [[("convert_units", {"value": 2.4, "from_unit": "km", "to_unit": "miles"})]],
        "You ran about 1.49 miles.",
    ),
    # unused: starting population of 50
    Case(
        "bacteria-start-50",
        "Start with 50 bacteria that double every 20 minutes. How many are there after 3 hours?",
        [[("power", {"base": 2, "exponent": 9})]],
        "After 3 hours there are 512 bacteria.",
    ),
    # unused: 堵车20分钟
    Case(
        "zh-beijing-tianjin",
        "北京到天津120公里，限速100公里/小时，路上还要堵20分钟，大概多久能到？",
        [[("divide", {"a": 120, "b": 100})]],
        "大约1.2小时能到。",
    ),
    # unused: 2 doses a day
    Case(
        "daily-dose",
        "Dose is 10 mg/kg, 2 doses a day, and my son weighs 16 kg. How many mg a day?",
        [[("multiply", {"a": 10, "b": 16})]],
        "160 mg a day.",
    ),
    # unused: 1/3 excellent
    Case(
        "zh-excellent-students",
        "班上45人，这次考试及格率80%，及格的人里有1/3是优秀，优秀的有几个人？",
        [[("multiply", {"a": 45, "b": 0.8})]],
        "优秀的有36人。",
    ),
    # unused: 3 years of depreciation (in an earlier sentence)
    Case(
        "car-depreciation",
        "I'm keeping the car 3 more years. It loses 15% of its value a year and is worth 28000 now. What will it be worth then?",
        [[("multiply", {"a": 28000, "b": 0.85})]],
        "It'll be worth about 23,800.",
    ),
    # unused: 4 weeks (repetitions of the weekly amount)
    Case(
        "coffee-monthly",
        "I buy a 4.20 latte every workday, 5 days a week. How much is that over 4 weeks?",
        [[("multiply", {"a": 4.2, "b": 5})]],
        "That's 21 on lattes.",
    ),
]


SENT_BACK_WITH_THE_AIDS = {"seconds-in-day", "yeast-grams"}
"""Correct answers the aids still send back: a bet said without a unit in the clause that
asks, and a temperature that equals the answer's number."""

CAUGHT_WITH_THE_AIDS = 15
"""Stopped-short questions the aids send back on every strategy (of 44)."""
