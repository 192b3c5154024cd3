"""A ninth corpus, written without reading the checks: 81 correct answers, 67 of them with numbers
in the question that are only context, and 45 stopped-short runs whose question needs a number no
tool call was ever given."""

from __future__ import annotations

from test_answers_stand import Case

STAND = [
    # context: 42, 11
    Case(
        "bus-driver-route-km",
        "I drive the number 42 bus, been doing it 11 years now. My route is 18.5 miles end to "
        "end — how many km is that?",
        [[("convert_units", {"value": 18.5, "from_unit": "miles", "to_unit": "km"})]],
        "Your 18.5-mile route is about 29.77 km end to end.",
    ),
    # context: 7
    Case(
        "pharmacist-split-dose",
        "pharmacist here, shift starts at 7 and I'm already behind. need to split 750 mg evenly "
        "into 3 doses, how much per dose?",
        [[("divide", {"a": 750, "b": 3})]],
        "That's 250 mg per dose.",
    ),
    # context: 15
    Case(
        "teen-bike-savings",
        "ok so im 15 and saving up for a bike. i have $84 saved and get $12 a week allowance, "
        "how many weeks till i have $300??",
        [[("python_calculator", {"input": "(300 - 84) / 12"})]],
        "You need $216 more, so at $12 a week that's 18 weeks until you hit $300.",
    ),
    # context: 2009
    Case(
        "landlord-yearly-rent",
        "I own three units on Elm St, bought the building back in 2009. Rent is $1,450 a month "
        "per unit — what do all three bring in per year?",
        [[("python_calculator", {"input": "1450 * 12 * 3"})]],
        "All three units together bring in $52,200 a year.",
    ),
    # context: 2017, 148
    Case(
        "cyclist-morning-ride",
        "Did 64 km this morning on my 2017 Trek, avg heart rate 148. What's that in miles?",
        [[("convert_units", {"value": 64, "from_unit": "km", "to_unit": "miles"})]],
        "64 km is about 39.77 miles — nice ride.",
    ),
    # context: 5, 2
    Case(
        "baker-roll-batches",
        "Bakery opens at 5am and I only have 2 ovens going. The recipe makes 24 rolls a batch "
        "and I need 312 rolls for a catering order. How many batches?",
        [[("divide", {"a": 312, "b": 24})]],
        "You'll need 13 batches to make 312 rolls.",
    ),
    # context: 2015, 34
    Case(
        "retiree-prime-check",
        "Retired in 2015 after 34 years at the plant and now my grandson quizzes me. He says "
        "1009 is a prime number. Is he right?",
        [[("is_prime", {"n": 1009})]],
        "He's right — 1009 is a prime number.",
    ),
    # context: 3, 9:30
    Case(
        "programmer-power-of-two",
        "on my 3rd coffee, standup at 9:30. quick one: 2^20?",
        [[("power", {"base": 2, "exponent": 20})]],
        "2^20 = 1,048,576.",
    ),
    # context: 40, 1998
    Case(
        "farmer-fence-km",
        "Got 40 head of cattle and a 1998 John Deere that's on its last legs. Fence line round "
        "the north pasture is 3.2 miles, supplier quotes per km. How many km is that?",
        [[("convert_units", {"value": 3.2, "from_unit": "miles", "to_unit": "km"})]],
        "The 3.2-mile fence line is about 5.15 km.",
    ),
    # context: 6, 12
    Case(
        "nurse-iv-rate",
        "Night shift on ward 6, 12 patients tonight. IV bag of 1000 mL to run over 8 hours — "
        "what's the rate in mL/hr?",
        [[("divide", {"a": 1000, "b": 8})]],
        "Set it to 125 mL/hr.",
    ),
    # context: 2, 304
    Case(
        "student-lyon-paris-miles",
        "Studying in Lyon for 2 semesters (room 304 in the dorm lol). The train to Paris covers "
        "about 465 km, how far is that in miles? My mom keeps asking.",
        [[("convert_units", {"value": 465, "from_unit": "km", "to_unit": "miles"})]],
        "465 km is about 288.94 miles.",
    ),
    # context: 200, 5
    Case(
        "electrician-wire-runs",
        "Working a 200 amp panel upgrade on 5th Ave. I need 14 runs of 35 feet of wire each. "
        "Total footage?",
        [[("multiply", {"a": 14, "b": 35})]],
        "You'll need 490 feet of wire in total.",
    ),
    # context: 4, 27
    Case(
        "teacher-quiz-percent",
        "I teach 4th grade, class of 27. A kid got 17 out of 25 on the spelling quiz, what's "
        "that as a percent?",
        [[("python_calculator", {"input": "17 / 25 * 100"})]],
        "17 out of 25 is 68%.",
    ),
    # context: 1987
    Case(
        "mechanic-mpg",
        "Shop's been open since 1987. Customer's car went 412 miles on 13.4 gallons, what mpg "
        "is that?",
        [[("divide", {"a": 412, "b": 13.4})]],
        "That works out to about 30.7 mpg.",
    ),
    # context: 7, 5
    Case(
        "runner-marathon-pace",
        "Marathon #7 is in 5 weeks. I want to finish the 26.2 miles in 3 hours 45 minutes — "
        "what pace per mile do I need?",
        [[("python_calculator", {"input": "(3 * 60 + 45) / 26.2"})]],
        "You need about 8.59 minutes per mile, roughly an 8:35/mile pace.",
    ),
    # context: 3 (Q3), 2
    Case(
        "accountant-sales-tax",
        "Q3 close and I've got 2 days left. Client invoice is $4,860 before tax, sales tax "
        "7.25% — total?",
        [[("python_calculator", {"input": "4860 * (1 + 7.25 / 100)"})]],
        "With 7.25% tax the invoice total is $5,212.35.",
    ),
    # context: 58, 120
    Case(
        "gamer-power",
        "lvl 58 paladin here and my guild has like 120 ppl lol. whats 7 to the power of 6",
        [[("power", {"base": 7, "exponent": 6})]],
        "7^6 = 117,649.",
    ),
    # context: 60, 2
    Case(
        "chef-scale-recipe",
        "Restaurant seats 60 and we do 2 services a night. Recipe for 8 covers uses 1.5 kg of "
        "beef. How much beef for 52 covers?",
        [[("python_calculator", {"input": "1.5 / 8 * 52"})]],
        "For 52 covers you'll need 9.75 kg of beef.",
    ),
    # context: 22, 817
    Case(
        "trucker-haul-miles",
        "Been hauling 22 years, truck #817. Next run is 1140 km, what's that in miles",
        [[("convert_units", {"value": 1140, "from_unit": "km", "to_unit": "miles"})]],
        "1140 km is about 708.4 miles.",
    ),
    # context: 230, 4
    Case(
        "hr-find-office",
        "We're at 230 employees across 4 floors now and I've lost track — where's Dana "
        "Whitfield's office?",
        [[("lookup_employee", {"name": "Dana Whitfield"})]],
        "Dana Whitfield is in office B-214, extension 4417.",
    ),
    # context: 2 (Q2), 15, 10
    Case(
        "admin-send-email",
        "I've got the Q2 recap going to 15 people tomorrow at 10, but first please email "
        "ops@corp.com with the subject 'Room booked'",
        [[("send_email", {"to": "ops@corp.com", "subject": "Room booked"})]],
        "Done — the email to ops@corp.com is queued (id 7f3a-12).",
    ),
    # context: 11:59, 14, 20
    Case(
        "math-homework-prime",
        "homework due at 11:59 and i'm on problem 14 of 20. is 221 prime",
        [[("is_prime", {"n": 221})]],
        "No, 221 isn't prime — it's 13 × 17.",
    ),
    # context: 71, 9
    Case(
        "retiree-garden-area",
        "I'm 71 with 9 grandkids running around the yard. My new garden bed is 4.5 m by 2.2 m. "
        "What's the area?",
        [[("multiply", {"a": 4.5, "b": 2.2})]],
        "The bed is 9.9 square meters.",
    ),
    # context: 3, 2
    Case(
        "hiker-trail-km",
        "Just got back from a 3-day trip with 2 buddies. The whole trail was 42.7 miles — "
        "what's that in km?",
        [[("convert_units", {"value": 42.7, "from_unit": "miles", "to_unit": "km"})]],
        "42.7 miles is about 68.72 km.",
    ),
    # context: 400, 6
    Case(
        "barista-shots-per-bag",
        "Our cafe pulls about 400 cups a day, we open at 6. A bag of beans is 1000 g and each "
        "shot uses 18 g. How many shots per bag?",
        [[("divide", {"a": 1000, "b": 18})]],
        "You'll get 55 full shots per bag, with about 10 g left over.",
    ),
    # context: 2003
    Case(
        "plumber-pipe-pieces",
        "Licensed since 2003, never had to ask this lol. Got a 12 ft pipe, need pieces of "
        "1.75 ft. How many can I cut?",
        [[("divide", {"a": 12, "b": 1.75})]],
        "You can cut 6 full pieces of 1.75 ft, with 1.5 ft left over.",
    ),
    # context: 2, 6, 9
    Case(
        "dad-homework-multiply",
        "my 2 kids (6 and 9) are arguing about this one, settle it: what's 123 x 456",
        [[("multiply", {"a": 123, "b": 456})]],
        "123 × 456 = 56,088.",
    ),
    # context: 38,000, 8
    Case(
        "librarian-late-fee",
        "Our branch has about 38,000 books and we close at 8. Late fee is $0.25 a day, this "
        "one is 17 days overdue. What's the fee?",
        [[("multiply", {"a": 0.25, "b": 17})]],
        "The late fee comes to $4.25.",
    ),
    # context: 3
    Case(
        "carpenter-stain-gallons",
        "Got 3 apprentices on this deck job. Deck is 16 ft by 12 ft and the stain covers 250 "
        "sq ft per gallon. How many gallons for one coat?",
        [[("python_calculator", {"input": "16 * 12 / 250"})]],
        "One coat needs about 0.77 gallons, so a single gallon will cover it.",
    ),
    # context: 79, 172
    Case(
        "pilot-leg-km",
        "Took my '79 Cessna 172 up today. The leg was 145 miles — how many km?",
        [[("convert_units", {"value": 145, "from_unit": "miles", "to_unit": "km"})]],
        "145 miles is about 233.36 km.",
    ),
    # context: 14, 15
    Case(
        "bookkeeper-overtime",
        "Payroll for our 14 staff runs on the 15th. One guy did 6.5 hours overtime at "
        "$31.50/hr, time and a half (1.5x). What's his OT pay?",
        [[("python_calculator", {"input": "6.5 * 31.50 * 1.5"})]],
        "His overtime pay is $307.13.",
    ),
    # context: 29, 2019
    Case(
        "investor-compound",
        "I'm 29, started investing in 2019. If I put $5,000 in at 6% compounded yearly for 10 "
        "years, what's it worth?",
        [[("python_calculator", {"input": "5000 * (1 + 0.06) ** 10"})]],
        "After 10 years it would be worth about $8,954.24.",
    ),
    # context: 3, 25
    Case(
        "swimmer-miles",
        "I swim 3x a week in a 25 m pool. Did 1.6 km today, how many miles is that?",
        [[("convert_units", {"value": 1.6, "from_unit": "km", "to_unit": "miles"})]],
        "1.6 km is about 0.99 miles — just shy of a mile.",
    ),
    # context: 6
    Case(
        "property-water-bill",
        "Building has 48 units across 6 floors. Water bill came in at $3,672, split evenly "
        "over the 48 units how much each?",
        [[("divide", {"a": 3672, "b": 48})]],
        "Each unit owes $76.50.",
    ),
    # context: 1994, 22
    Case(
        "music-teacher-prime",
        "Been teaching piano since 1994 and have 22 students this term. Random q from one of "
        "them: is 2027 prime?",
        [[("is_prime", {"n": 2027})]],
        "Yes, 2027 is prime.",
    ),
    # context: 2026, 2, 3
    Case(
        "warehouse-box-count",
        "Forklift cert expires 2026, I'm on shift 2 of 3. We got 47 pallets in, 18 boxes each. "
        "Total boxes?",
        [[("multiply", {"a": 18, "b": 47})]],
        "That's 846 boxes.",
    ),
    # context: 14, 120
    Case(
        "planner-extension",
        "Planning the June 14 offsite for 120 people, need to loop in Marco Bellini — what's "
        "his extension?",
        [[("lookup_employee", {"name": "Marco Bellini"})]],
        "Marco Bellini is at extension 4417 (office B-214).",
    ),
    # context: 50, 1.8
    Case(
        "photographer-edit-hours",
        "Shooting on my 50mm at f/1.8 tomorrow. Client wants 340 photos edited, I average 4 "
        "minutes each. How many hours of editing?",
        [[("python_calculator", {"input": "340 * 4 / 60"})]],
        "About 22.7 hours of editing — roughly 22 hours 40 minutes.",
    ),
    # context: 3, 4
    Case(
        "physics-lab-calc",
        "lab 3, I'm in a group of 4 and nobody has a calculator. what's 9.81 * 2.5^2 / 2",
        [[("python_calculator", {"input": "9.81 * 2.5 ** 2 / 2"})]],
        "9.81 × 2.5² / 2 = 30.65625 (about 30.66).",
    ),
    # context: 221, 1962
    Case(
        "realtor-list-price",
        "New listing at 221 Maple, built in 1962. 2,350 sq ft at $415 per sq ft — what's the "
        "list price?",
        [[("multiply", {"a": 2350, "b": 415})]],
        "At $415/sq ft the list price is $975,250.",
    ),
    # context: 7:40, 6
    Case(
        "commuter-weekly-km",
        "I catch the 7:40 train, usually sit in car 6. But some weeks I drive: 31 miles each "
        "way, 5 days. How many km is that per week?",
        [
            [("python_calculator", {"input": "31 * 2 * 5"})],
            [("convert_units", {"value": 310, "from_unit": "miles", "to_unit": "km"})],
        ],
        "Driving 310 miles a week is about 498.9 km.",
    ),
    # context: 68, 5
    Case(
        "knitter-scarf-hours",
        "I'm 68 and knitting scarves for my 5 grandchildren. Each scarf is 180 rows and I do "
        "about 12 rows an hour. How many hours per scarf?",
        [[("divide", {"a": 180, "b": 12})]],
        "Each scarf takes about 15 hours.",
    ),
    # context: 23, 14
    Case(
        "delivery-km-miles",
        "Did 23 deliveries today in van 14. Odometer says 187 km — miles?",
        [[("convert_units", {"value": 187, "from_unit": "km", "to_unit": "miles"})]],
        "187 km is about 116.2 miles.",
    ),
    # context: 3, 48
    Case(
        "sysadmin-prime",
        "rack 3 just came back up, all 48 cores happy. unrelated: is 65537 prime?",
        [[("is_prime", {"n": 65537})]],
        "Yes, 65537 is prime.",
    ),
    # context: 20, 3
    Case(
        "dentist-email-lab",
        "Our practice has been open 20 years and we have 3 hygienists now. Email "
        "lab@smiledental.com, subject 'Crown order ready'.",
        [[("send_email", {"to": "lab@smiledental.com", "subject": "Crown order ready"})]],
        "Sent — the email to lab@smiledental.com is queued (id 7f3a-19).",
    ),
    # context: 12 (U12), 16
    Case(
        "coach-track-laps",
        "I coach a U12 team, 16 kids. They ran 7.5 km total on a 400 m track, how many laps "
        "is that?",
        [[("python_calculator", {"input": "7.5 * 1000 / 400"})]],
        "That's 18.75 laps — 18 full laps plus three quarters of one.",
    ),
    # context: 8
    Case(
        "bartender-tip-pool",
        "Been bartending 8 yrs and still can't do math after close lol. Tip pool is $1,284 "
        "split between 6 of us?",
        [[("divide", {"a": 1284, "b": 6})]],
        "Each of you gets $214.",
    ),
    # context: 24, 2022
    Case(
        "grad-loan-monthly",
        "I'm 24, graduated in 2022. Loan balance is $18,500 and I want it gone in 120 monthly "
        "payments, ignoring interest. How much a month?",
        [[("divide", {"a": 18500, "b": 120})]],
        "About $154.17 a month.",
    ),
    # context: 8, 2020
    Case(
        "astronomer-moon-miles",
        "Got my 8-inch Dobsonian back in 2020 and I'm hooked. The Moon is about 384,400 km "
        "away — how far in miles?",
        [[("convert_units", {"value": 384400, "from_unit": "km", "to_unit": "miles"})]],
        "About 238,855 miles.",
    ),
    # context: 4, 3
    Case(
        "cashier-total",
        "Register 4, my shift ends at 3. Customer's got 7 items at $2.35 each, total?",
        [[("multiply", {"a": 7, "b": 2.35})]],
        "The total is $16.45.",
    ),
    # context: 5, 2012, 250
    Case(
        "landscaper-lawn-area",
        "Crew of 5, truck's a 2012 F-250. Lawn is 85 ft by 60 ft, square footage?",
        [[("multiply", {"a": 85, "b": 60})]],
        "The lawn is 5,100 sq ft.",
    ),
    # context: 8, 40
    Case(
        "insurance-monthly-premium",
        "In the office since 8 and I've taken 40 calls already. Client's premium is $1,236 a "
        "year — what's that monthly?",
        [[("divide", {"a": 1236, "b": 12})]],
        "That's $103 a month.",
    ),
    # context: 30, 2
    Case(
        "vet-dose",
        "Clinic sees around 30 animals a day and I've got 2 techs out sick. Dog weighs 22 kg, "
        "dose is 5 mg/kg — total mg?",
        [[("multiply", {"a": 22, "b": 5})]],
        "The dog needs 110 mg.",
    ),
    # context: 3, 25
    Case(
        "tailor-suit-discount",
        "Shop's been on 3rd Street for 25 years. Customer wants 4 suits at $640 each with a 15% "
        "discount — total?",
        [[("python_calculator", {"input": "4 * 640 * (1 - 0.15)"})]],
        "With the 15% discount the four suits come to $2,176.",
    ),
    # context: 3, 2021
    Case(
        "zh-delivery-rider-miles",
        "我跑外卖3年了，电动车是2021年买的。今天一共跑了86公里，合多少英里？",
        [[("convert_units", {"value": 86, "from_unit": "km", "to_unit": "miles"})]],
        "86公里约合53.44英里。",
    ),
    # context: 7, 2
    Case(
        "zh-homework-multiply",
        "我家老二今年7岁，上2年级。帮我算一下48乘37等于多少，"
        "他作业要对答案。",
        [[("multiply", {"a": 48, "b": 37})]],
        "48 × 37 = 1776。",
    ),
    # context: 12
    Case(
        "zh-accountant-split",
        "月底结账，公司一共12个人。这张发票8640元，平摊到6个部门，"
        "每个部门多少？",
        [[("divide", {"a": 8640, "b": 6})]],
        "每个部门分摊1440元。",
    ),
    # context: 2, 17
    Case(
        "zh-student-berlin-munich",
        "我在德国读研第2年，住17号楼。柏林到慕尼黑大概585公里，"
        "换成英里是多少？",
        [[("convert_units", {"value": 585, "from_unit": "km", "to_unit": "miles"})]],
        "585公里约等于363.5英里。",
    ),
    # context: 11, 3
    Case(
        "zh-programmer-power",
        "加班到11点了，第3杯咖啡下肚。2的16次方是多少来着？",
        [[("power", {"base": 2, "exponent": 16})]],
        "2的16次方是65536。",
    ),
    # context: 72
    Case(
        "zh-retiree-prime",
        "我今年72了，闲着没事跟孙子比赛。97是不是质数？",
        [[("is_prime", {"n": 97})]],
        "是的，97是质数。",
    ),
    # context: 2008
    Case(
        "zh-landlord-rent",
        "我有两套房，其中一套是2008年买的。这套租金每月3200，"
        "一年能收多少？",
        [[("multiply", {"a": 3200, "b": 12})]],
        "这套房一年能收38400元租金。",
    ),
    # context: 32
    Case(
        "zh-nurse-drip",
        "值夜班，病区32张床都满了。500毫升的液体要4小时输完，"
        "每小时多少毫升？",
        [[("divide", {"a": 500, "b": 4})]],
        "每小时125毫升。",
    ),
    # context: 15, 200
    Case(
        "zh-farmer-egg-boxes",
        "家里种了15亩地，还养了200只鸡。一箱鸡蛋360个，每盒装30个，"
        "能装几盒？",
        [[("divide", {"a": 360, "b": 30})]],
        "能装12盒。",
    ),
    # context: 4, 6
    Case(
        "zh-cyclist-lake-km",
        "周末和4个朋友骑车环湖，早上6点出发。全程62.5英里，"
        "合多少公里？",
        [[("convert_units", {"value": 62.5, "from_unit": "miles", "to_unit": "km"})]],
        "62.5英里约合100.58公里，刚好过100公里！",
    ),
    # context: 300, 5
    Case(
        "zh-hr-lookup",
        "公司现在300多人，我们在5楼。帮我查一下张伟的办公室在哪？",
        [[("lookup_employee", {"name": "张伟"})]],
        "张伟的办公室在B-214，分机4417。",
    ),
    # context: 9
    Case(
        "zh-shop-cola-profit",
        "小卖部开了9年了。一箱可乐24瓶，每瓶进价2.5元，卖3.5元，"
        "一箱赚多少？",
        [[("python_calculator", {"input": "(3.5 - 2.5) * 24"})]],
        "一箱能赚24元。",
    ),
    # context: 28, 70
    Case(
        "zh-runner-weekly-miles",
        "我28岁，体重70公斤，最近在减肥。每天跑5公里，一周7天，"
        "一共多少英里？",
        [
            [("python_calculator", {"input": "5 * 7"})],
            [("convert_units", {"value": 35, "from_unit": "km", "to_unit": "miles"})],
        ],
        "一周一共35公里，约合21.75英里。",
    ),
    # context: none (yes/no answered in words)
    Case(
        "prime-91-no",
        "Is 91 a prime number?",
        [[("is_prime", {"n": 91})]],
        "No, 91 is not prime — it's 7 × 13.",
    ),
    # context: none (a zero answered in words)
    Case(
        "unread-zero",
        "Do I have any unread messages?",
        [[("count_unread", {})]],
        "No, you don't have any unread messages.",
    ),
    # context: none (receipt after sending)
    Case(
        "email-weekly-report",
        "Email maria.lopez@example.com with the subject 'Weekly report'.",
        [[("send_email", {"to": "maria.lopez@example.com", "subject": "Weekly report"})]],
        "Done — your email to maria.lopez@example.com is queued (id 7f3a-23).",
    ),
    # context: none (comparison, two parallel calls)
    Case(
        "compare-powers",
        "Which is bigger, 3^20 or 20^3?",
        [
            [
                ("power", {"base": 3, "exponent": 20}),
                ("power", {"base": 20, "exponent": 3}),
            ]
        ],
        "3^20 is far bigger: 3,486,784,401 versus 8,000 for 20^3.",
    ),
    # context: none (answer written as a * b = c)
    Case(
        "a-times-b",
        "what's 37 times 43",
        [[("multiply", {"a": 37, "b": 43})]],
        "37 * 43 = 1591",
    ),
    # context: none (knowledge, no tool call)
    Case(
        "knowledge-capital",
        "What's the capital of Australia?",
        [],
        "The capital of Australia is Canberra.",
    ),
    # context: none (two parallel calls)
    Case(
        "parallel-conversions",
        "Convert 10 km to miles and 10 miles to km.",
        [
            [
                ("convert_units", {"value": 10, "from_unit": "km", "to_unit": "miles"}),
                ("convert_units", {"value": 10, "from_unit": "miles", "to_unit": "km"}),
            ]
        ],
        "10 km is about 6.21 miles, and 10 miles is about 16.09 km.",
    ),
    # context: none (repeated identical call)
    Case(
        "repeated-calc",
        "What's 17 times 23? Double-check it please.",
        [
            [("python_calculator", {"input": "17 * 23"})],
            [("python_calculator", {"input": "17 * 23"})],
        ],
        "17 × 23 = 391 — checked twice.",
    ),
    # context: none (knowledge, no tool call)
    Case(
        "knowledge-author",
        "Who wrote Pride and Prejudice?",
        [],
        "Jane Austen wrote Pride and Prejudice.",
    ),
    # context: none (yes answered in words)
    Case(
        "prime-7919-yes",
        "is 7919 prime",
        [[("is_prime", {"n": 7919})]],
        "Yes, 7919 is prime.",
    ),
    # context: none
    Case(
        "lookup-omar",
        "Where's Omar Haddad's office?",
        [[("lookup_employee", {"name": "Omar Haddad"})]],
        "Omar Haddad is in office B-214 (extension 4417).",
    ),
    # context: none
    Case(
        "percent-of",
        "What's 15% of 240?",
        [[("python_calculator", {"input": "240 * 15 / 100"})]],
        "15% of 240 is 36.",
    ),
    # context: none (a zero answered in words)
    Case(
        "zh-unread-none",
        "我有没有未读邮件？",
        [[("count_unread", {})]],
        "没有，你目前没有未读邮件。",
    ),
    # context: none
    Case(
        "zh-divide-256",
        "帮我算一下256除以16。",
        [[("divide", {"a": 256, "b": 16})]],
        "256 ÷ 16 = 16。",
    ),
]

SHORT = [
    # unused: 150
    Case(
        "weekly-pay-bonus",
        "I make $22 an hour and worked 38 hours this week, plus there's a $150 bonus. What's "
        "my pay this week?",
        [[("multiply", {"a": 22, "b": 38})]],
        "Your pay this week is $836.",
    ),
    # unused: 5
    Case(
        "commute-weekly-km",
        "My commute is 18 miles each way and I go in 5 days a week. How many km is that per "
        "week?",
        [
            [("python_calculator", {"input": "18 * 2"})],
            [("convert_units", {"value": 36, "from_unit": "miles", "to_unit": "km"})],
        ],
        "That's about 57.94 km per week.",
    ),
    # unused: 18
    Case(
        "dinner-split-tip",
        "Dinner came to $184 for 4 of us and we want to leave an 18% tip. How much does each "
        "person pay?",
        [[("divide", {"a": 184, "b": 4})]],
        "Each person pays $46.",
    ),
    # unused: 1.2
    Case(
        "baker-flour-needed",
        "Each cake takes 350 g of flour, I'm making 6, and I already have 1.2 kg in the pantry. "
        "How much more flour do I need to buy?",
        [[("multiply", {"a": 350, "b": 6})]],
        "You need to buy 2,100 g of flour.",
    ),
    # unused: 3
    Case(
        "nurse-dose-total",
        "Patient gets 500 mg every 6 hours for 3 days. How many mg total?",
        [[("python_calculator", {"input": "500 * 24 / 6"})]],
        "That's 2,000 mg in total.",
    ),
    # unused: 8
    Case(
        "landlord-net-rent",
        "3 units at $1,450/month each. Property manager takes 8%. What's my net for the year?",
        [[("python_calculator", {"input": "1450 * 3 * 12"})]],
        "Your net for the year is $52,200.",
    ),
    # unused: 57
    Case(
        "cyclist-weekend-miles",
        "Rode 42 km on Saturday and 57 km on Sunday. How many miles total?",
        [[("convert_units", {"value": 42, "from_unit": "km", "to_unit": "miles"})]],
        "You rode about 26.1 miles total.",
    ),
    # unused: 20
    Case(
        "farmer-seed-cost",
        "Three fields: 12.5 acres, 8 acres and 20 acres. Seed runs $45 an acre, what's the "
        "total cost?",
        [[("python_calculator", {"input": "(12.5 + 8) * 45"})]],
        "Total seed cost is $922.50.",
    ),
    # unused: 14
    Case(
        "pharmacy-tablet-count",
        "Script says 2 tablets 3 times a day for 14 days. How many tablets do I dispense?",
        [[("multiply", {"a": 2, "b": 3})]],
        "Dispense 6 tablets.",
    ),
    # unused: 35
    Case(
        "mechanic-oil-change",
        "Oil change: 5.5 quarts at $8.99 a quart plus $35 labor. What do I charge?",
        [[("multiply", {"a": 5.5, "b": 8.99})]],
        "Charge $49.45.",
    ),
    # unused: 8
    Case(
        "runner-weekly-miles",
        "Ran 5 km Monday, 10 km Wednesday and 8 km Saturday. Total in miles?",
        [
            [("python_calculator", {"input": "5 + 10"})],
            [("convert_units", {"value": 15, "from_unit": "km", "to_unit": "miles"})],
        ],
        "That's about 9.32 miles for the week.",
    ),
    # unused: 60
    Case(
        "server-requests-window",
        "We have 14 servers and each handles 1,200 requests a minute. How many requests over "
        "a 60-minute window?",
        [[("multiply", {"a": 1200, "b": 14})]],
        "That's 16,800 requests over the window.",
    ),
    # unused: 10
    Case(
        "chef-pasta-scale",
        "Recipe for 4 people uses 300 g of pasta. How much for 10 people?",
        [[("divide", {"a": 300, "b": 4})]],
        "You'll need 75 g of pasta.",
    ),
    # unused: 1,580 (context: 67, 2019)
    Case(
        "retiree-yearly-income",
        "I'm 67, retired in 2019. Pension is $2,340 a month and Social Security is $1,580 a "
        "month. What's my yearly income?",
        [[("multiply", {"a": 2340, "b": 12})]],
        "Your yearly income is $28,080.",
    ),
    # unused: 88
    Case(
        "teacher-group-average",
        "Scores for my small group: 78, 85, 92, 66, 88. What's the average?",
        [[("python_calculator", {"input": "(78 + 85 + 92 + 66) / 4"})]],
        "The average is 80.25.",
    ),
    # unused: 10
    Case(
        "electrician-waste",
        "14 runs of 35 ft each, and add 10% for waste. How many feet do I order?",
        [[("multiply", {"a": 14, "b": 35})]],
        "Order 490 feet.",
    ),
    # unused: 200
    Case(
        "invoice-deposit",
        "Invoice is $4,860 plus 7.25% tax, and they already paid a $200 deposit. What's still "
        "due?",
        [[("python_calculator", {"input": "4860 * (1 + 7.25 / 100)"})]],
        "$5,212.35 is still due.",
    ),
    # unused: 2
    Case(
        "commuter-train-monthly",
        "Train is $7.25 a ride, I take 2 rides a day, 21 workdays this month. Monthly cost?",
        [[("multiply", {"a": 7.25, "b": 21})]],
        "Your train costs $152.25 this month.",
    ),
    # unused: 5
    Case(
        "kid-allowance",
        "My kid gets $5 a week base allowance plus $2 per chore, and she does 3 chores. Weekly "
        "total?",
        [[("multiply", {"a": 2, "b": 3})]],
        "Her weekly total is $6.",
    ),
    # unused: 0.3
    Case(
        "garden-soil-volume",
        "Raised bed is 4.5 m by 2.2 m and I want soil 0.3 m deep. How many cubic meters of "
        "soil?",
        [[("multiply", {"a": 4.5, "b": 2.2})]],
        "You need 9.9 cubic meters of soil.",
    ),
    # unused: 10
    Case(
        "investment-ten-years",
        "$5,000 at 6% compounded yearly for 10 years — what's it worth at the end?",
        [[("python_calculator", {"input": "5000 * (1 + 0.06)"})]],
        "It'll be worth $5,300.",
    ),
    # unused: 3
    Case(
        "racks-power",
        "We have 3 racks of 42 servers, each server draws 350 W. Total kW?",
        [[("python_calculator", {"input": "42 * 350 / 1000"})]],
        "Total draw is 14.7 kW.",
    ),
    # unused: 45
    Case(
        "hike-time-lunch",
        "Trail is 12.4 miles, I average 2 mph, and we'll stop 45 minutes for lunch. How long "
        "will the hike take?",
        [[("divide", {"a": 12.4, "b": 2})]],
        "The hike will take about 6.2 hours.",
    ),
    # unused: 12
    Case(
        "warehouse-units",
        "47 pallets, 18 boxes a pallet, 12 units a box. How many units total?",
        [[("multiply", {"a": 47, "b": 18})]],
        "846 units in total.",
    ),
    # unused: 1,500
    Case(
        "wedding-total",
        "120 guests at $85 a plate, plus the $1,500 venue fee. What's the total?",
        [[("multiply", {"a": 120, "b": 85})]],
        "The total is $10,200.",
    ),
    # unused: 8
    Case(
        "cashier-tax",
        "7 items at $2.35 each, plus 8% sales tax. Total?",
        [[("multiply", {"a": 7, "b": 2.35})]],
        "Total is $16.45.",
    ),
    # unused: 6 (context: 11)
    Case(
        "bus-shift-km",
        "Been driving this route 11 years. It's 18.5 miles and I run it 6 times a shift — how "
        "many km per shift?",
        [[("convert_units", {"value": 18.5, "from_unit": "miles", "to_unit": "km"})]],
        "That's about 29.77 km per shift.",
    ),
    # unused: 2
    Case(
        "vet-daily-dose",
        "Dog's 18 kg, dose is 5 mg/kg, given 2 times a day. Daily mg?",
        [[("multiply", {"a": 18, "b": 5})]],
        "The daily dose is 90 mg.",
    ),
    # unused: 35
    Case(
        "loan-plus-fee",
        "$18,500 over 120 payments, plus a $35 monthly service fee. What's my monthly payment?",
        [[("divide", {"a": 18500, "b": 120})]],
        "Your monthly payment is about $154.17.",
    ),
    # unused: 15
    Case(
        "tailor-discount",
        "4 suits at $640 each, 15% off for a repeat customer. Total?",
        [[("python_calculator", {"input": "4 * 640"})]],
        "The total is $2,560.",
    ),
    # unused: 96 (context: 14, 23)
    Case(
        "delivery-day-miles",
        "Van 14, 23 drops today. Drove 187 km in the morning and 96 km after lunch, how many "
        "miles total?",
        [[("convert_units", {"value": 187, "from_unit": "km", "to_unit": "miles"})]],
        "You drove about 116.2 miles total.",
    ),
    # unused: 2
    Case(
        "dental-patient-share",
        "Crown is $1,150, insurance covers 60%, and the patient needs 2 crowns. What's the "
        "patient's share?",
        [[("python_calculator", {"input": "1150 * (1 - 0.6)"})]],
        "The patient's share is $460.",
    ),
    # unused: 4
    Case(
        "triple-product",
        "17 x 23 x 4?",
        [[("multiply", {"a": 17, "b": 23})]],
        "17 × 23 × 4 = 391.",
    ),
    # unused: 3
    Case(
        "marathon-warmup-km",
        "Marathon is 26.2 miles and I do a 3 mile warm-up before. How many km is that all "
        "together?",
        [[("convert_units", {"value": 26.2, "from_unit": "miles", "to_unit": "km"})]],
        "All together that's about 42.16 km.",
    ),
    # unused: 1.5
    Case(
        "tutor-weekly-pay",
        "I tutor 6 students, 1.5 hours each per week, at $40/hr. What do I make a week?",
        [[("multiply", {"a": 6, "b": 40})]],
        "You make $240 a week.",
    ),
    # unused: 2.5
    Case(
        "drive-avg-speed",
        "Drove 150 km in 2.5 hours. What was my average speed in mph?",
        [[("convert_units", {"value": 150, "from_unit": "km", "to_unit": "miles"})]],
        "Your average speed was about 93.2 mph.",
    ),
    # unused: 99 (context: 45)
    Case(
        "gym-first-year",
        "I'm 45 and finally joining a gym lol. $39 a month plus a $99 sign-up fee — what's the "
        "first year going to cost?",
        [[("multiply", {"a": 39, "b": 12})]],
        "The first year will cost $468.",
    ),
    # unused: 20000 (context: 31)
    Case(
        "zh-salary-bonus",
        "我今年31岁，月薪8500，年终奖20000，一年总收入多少？",
        [[("multiply", {"a": 8500, "b": 12})]],
        "你一年总收入是102000元。",
    ),
    # unused: 6
    Case(
        "zh-three-runs-miles",
        "这周跑了三次：5公里、8公里、6公里，加起来多少英里？",
        [
            [("python_calculator", {"input": "5 + 8"})],
            [("convert_units", {"value": 13, "from_unit": "km", "to_unit": "miles"})],
        ],
        "加起来约8.08英里。",
    ),
    # unused: 280
    Case(
        "zh-rent-plus-fee",
        "每月房租3200，物业费每月280，一年一共要交多少？",
        [[("multiply", {"a": 3200, "b": 12})]],
        "一年一共要交38400元。",
    ),
    # unused: 4
    Case(
        "zh-piano-practice",
        "孩子每天练琴45分钟，一周练6天，4周一共练多少小时？",
        [[("python_calculator", {"input": "45 * 6 / 60"})]],
        "4周一共练4.5小时。",
    ),
    # unused: 12
    Case(
        "zh-fruit-total",
        "买了3斤苹果，每斤6.5元，又买了一个12元的西瓜，一共多少钱？",
        [[("multiply", {"a": 3, "b": 6.5})]],
        "一共19.5元。",
    ),
    # unused: 3
    Case(
        "zh-power-times",
        "7的5次方再乘以3是多少？",
        [[("power", {"base": 7, "exponent": 5})]],
        "7的5次方再乘以3等于16807。",
    ),
    # unused: 4
    Case(
        "zh-berlin-hamburg-trips",
        "柏林到汉堡290公里，我这个月要跑4趟，一共多少英里？",
        [[("convert_units", {"value": 290, "from_unit": "km", "to_unit": "miles"})]],
        "一共约180.2英里。",
    ),
    # unused: 10
    Case(
        "zh-dinner-service-fee",
        "公司12个人聚餐，一共花了2680元，还要加10%服务费，每人多少？",
        [[("divide", {"a": 2680, "b": 12})]],
        "每人约223.33元。",
    ),
]

SENT_BACK_WITH_THE_AIDS: set[str] = set()
"""Correct answers the aids still send back (filled in after the corpus's one run)."""

CAUGHT_WITH_THE_AIDS = 0
"""Stopped-short questions the aids send back on every strategy (filled in after its one run)."""
